#!/usr/bin/env python3
"""Golden layouts of blocked cells, computed independently of the Rust code.

ChaCha is written here from its specification (D. J. Bernstein, "ChaCha, a variant of
Salsa20", 2008: 64-bit block counter in words 12-13, 64-bit nonce in words 14-15), checked
against the known ChaCha20 keystream of the all-zero key, and the layout steps are written
from docs/rules.md §3 alone. Run: python3 layouts.py  (prints the Rust table of
tests/layout_golden.rs).
"""

MASK = 0xFFFFFFFF


def rotl(x, n):
    return ((x << n) | (x >> (32 - n))) & MASK


def quarter(s, a, b, c, d):
    s[a] = (s[a] + s[b]) & MASK; s[d] = rotl(s[d] ^ s[a], 16)
    s[c] = (s[c] + s[d]) & MASK; s[b] = rotl(s[b] ^ s[c], 12)
    s[a] = (s[a] + s[b]) & MASK; s[d] = rotl(s[d] ^ s[a], 8)
    s[c] = (s[c] + s[d]) & MASK; s[b] = rotl(s[b] ^ s[c], 7)


def block(key, counter, nonce, rounds):
    """One 64-byte block as 16 little-endian 32-bit words."""
    consts = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]  # "expand 32-byte k"
    kw = [int.from_bytes(key[4 * i:4 * i + 4], "little") for i in range(8)]
    init = consts + kw + [counter & MASK, counter >> 32, nonce & MASK, nonce >> 32]
    s = list(init)
    for _ in range(rounds // 2):
        quarter(s, 0, 4, 8, 12); quarter(s, 1, 5, 9, 13); quarter(s, 2, 6, 10, 14); quarter(s, 3, 7, 11, 15)
        quarter(s, 0, 5, 10, 15); quarter(s, 1, 6, 11, 12); quarter(s, 2, 7, 8, 13); quarter(s, 3, 4, 9, 14)
    return [(x + y) & MASK for x, y in zip(s, init)]


# Self-check: the ChaCha20 keystream of the zero key and nonce (RFC 8439, A.1 #1).
_z = block(bytes(32), 0, 0, 20)
assert b"".join(w.to_bytes(4, "little") for w in _z).hex().startswith(
    "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7"), "ChaCha core is wrong"
# And the ChaCha8 keystream of the zero key (the eSTREAM ChaCha8 vectors).
_z = block(bytes(32), 0, 0, 8)
assert b"".join(w.to_bytes(4, "little") for w in _z).hex().startswith(
    "3e00ef2f895f40d67f5bb8e81f09a5a12c840ec3ce9a7f3b181be188ef711a1e"), "ChaCha8 rounds are wrong"


class Draws:
    """u(): successive 64-bit outputs of ChaCha8, low 32-bit word first."""

    def __init__(self, seed):
        self.key = seed.to_bytes(8, "little") + bytes(24)
        self.words = []
        self.counter = 0

    def u(self):
        while len(self.words) < 2:
            self.words += block(self.key, self.counter, 0, 8)
            self.counter += 1
        lo, hi = self.words[0], self.words[1]
        self.words = self.words[2:]
        return lo | (hi << 32)


def name(c, r):
    return "abcdefghijklmnop"[c] + str(r + 1)


def eligible(board, handicap_count):
    if board == "octagon":
        w = h = 10
        playable = lambda c, r: min(r, 9 - r) + min(c, 9 - c) >= 2
    else:
        w, h = map(int, board.split("x"))
        playable = lambda c, r: True
    cx, cy = w // 2, h // 2
    corners = [(0, 0), (w - 1, h - 1), (w - 1, 0), (0, h - 1)][:handicap_count]
    cells = []
    for r in range(h):
        for c in range(w):
            central = cx - 2 <= c <= cx + 1 and cy - 2 <= r <= cy + 1
            if playable(c, r) and not central and (c, r) not in corners:
                cells.append((c, r))
    return cells


def layout(seed, board, count, handicap_count):
    d = Draws(seed)
    if count is None:
        count = 1 + d.u() % 4
    cells = eligible(board, handicap_count)
    for i in range(count):
        j = i + d.u() % (len(cells) - i)
        cells[i], cells[j] = cells[j], cells[i]
    chosen = sorted(cells[:count], key=lambda cr: (cr[1], cr[0]))
    return " ".join(name(c, r) for c, r in chosen)


CASES = [
    # (seed, board, blocked: "random" or a count, handicap: "none" or "black:N"/"white:N")
    (0, "8x8", "random", "none"),
    (1, "8x8", "random", "none"),
    (2, "8x8", "random", "none"),
    (3, "8x8", "random", "none"),
    (42, "8x8", "random", "none"),
    (1234567890, "8x8", "random", "none"),
    (2**64 - 1, "8x8", "random", "none"),
    (0x0123456789ABCDEF, "8x8", "random", "none"),
    (7, "8x8", "1", "none"),
    (7, "8x8", "4", "none"),
    (99, "8x8", "2", "black:4"),
    (100, "8x8", "random", "white:2"),
    (5, "6x6", "random", "none"),
    (6, "6x6", "3", "none"),
    (11, "4x6", "random", "none"),
    (12, "6x4", "4", "black:4"),
    (13, "16x4", "random", "none"),
    (14, "4x16", "2", "white:1"),
    (15, "10x10", "random", "none"),
    (16, "10x8", "4", "black:3"),
    (17, "12x12", "random", "none"),
    (18, "14x14", "3", "none"),
    (19, "16x16", "random", "none"),
    (20, "16x16", "4", "white:4"),
    (21, "octagon", "random", "none"),
    (22, "octagon", "4", "none"),
    (23, "octagon", "1", "none"),
    (2**63, "octagon", "random", "none"),
    (24, "12x6", "random", "black:1"),
    (25, "8x12", "3", "white:3"),
    (26, "8x8", "random", "none"),
    (27, "8x8", "random", "none"),
    (28, "10x16", "random", "black:2"),
    (29, "16x10", "2", "none"),
]

if __name__ == "__main__":
    for seed, board, blocked, handicap in CASES:
        count = None if blocked == "random" else int(blocked)
        hc = 0 if handicap == "none" else int(handicap.split(":")[1])
        print(f'    ({seed}, "{board}", "{blocked}", "{handicap}", "{layout(seed, board, count, hc)}"),')
