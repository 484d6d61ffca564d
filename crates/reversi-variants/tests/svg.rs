//! The pictures rendered by a real SVG renderer (resvg) and checked by their pixels: discs
//! dark and light where the position has them, blocked cells brown, the Octagon's cut corners
//! the page's colour, legal and last moves marked; the evaluation graph's line through each of
//! its values and its mistakes' dots on theirs.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree};
use reversi_core::{Color, Position, Square};
use reversi_variants::svg::{Coordinates, Diagram, EvaluationGraph, GraphMark, colours};
use reversi_variants::{Blocked, Board, Game, Handicap, Rules};

/// The picture as pixels, at scale 1.
fn render(svg: &str) -> Pixmap {
    let tree = Tree::from_str(svg, &Options::default()).unwrap_or_else(|e| panic!("not SVG ({e}):\n{svg}"));
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The colour at (x, y), as `#rrggbb` components.
fn pixel(pixmap: &Pixmap, (x, y): (f64, f64)) -> [u8; 3] {
    let p = pixmap.pixel(x.round() as u32, y.round() as u32).unwrap();
    assert_eq!(p.alpha(), 255, "the pictures are opaque");
    [p.red(), p.green(), p.blue()]
}

fn rgb(hex: &str) -> [u8; 3] {
    let n = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap();
    [(n >> 16) as u8, (n >> 8) as u8, n as u8]
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
}

/// Whether the graph's line covers a pixel at or next to `point` (a line drawn between pixel
/// rows is shared by two, each partly covered).
fn line_near(pixmap: &Pixmap, (x, y): (f64, f64)) -> bool {
    let line = rgb(colours::EVALUATION);
    (-1..=1).any(|dy| {
        let at = pixel(pixmap, (x, y + f64::from(dy)));
        at.iter().zip(line).all(|(a, b)| a.abs_diff(b) <= 40)
    })
}

fn brightness(c: [u8; 3]) -> u32 {
    c.iter().map(|&v| u32::from(v)).sum::<u32>() / 3
}

/// Checks every cell of `diagram`'s picture against `game`.
fn check_cells(diagram: &Diagram, game_position: &Position, blocked: &[Square], cut: &[Square]) {
    let pixmap = render(&diagram.to_string());
    let (w, h) = diagram.size();
    assert_eq!((pixmap.width(), pixmap.height()), (w, h));
    for sq in game_position.geometry().area().iter() {
        // A point off the centre (which the legal and last moves' dots may cover), well
        // inside the disc and its handicap ring: 0.15 of a cell to the left and down.
        let cell = diagram.centre(Square::new(1, 0).unwrap()).0 - diagram.centre(Square::new(0, 0).unwrap()).0;
        let (x, y) = diagram.centre(sq);
        let at = pixel(&pixmap, (x - cell * 0.15, y + cell * 0.15));
        if blocked.contains(&sq) {
            assert!(near(at, rgb(colours::BLOCKED)), "{sq} is blocked: {at:?}");
        } else if cut.contains(&sq) {
            assert!(near(at, rgb(colours::PAGE)), "{sq} is cut away: {at:?}");
        } else {
            match game_position.disc_at(sq) {
                Some(Color::Black) => assert!(brightness(at) < 40, "{sq} black: {at:?}"),
                Some(Color::White) => assert!(brightness(at) > 215, "{sq} white: {at:?}"),
                None => assert!(near(at, rgb(colours::CELL)), "{sq} empty: {at:?}"),
            }
        }
    }
}

fn play_some(game: &mut Game, n: usize) {
    for _ in 0..n {
        let Some(&mv) = game.legal_move_list().first() else { break };
        game.play(mv).unwrap();
    }
}

#[test]
fn every_board_family_renders_with_its_cells_discs_and_marks() {
    let rect = |w, h| Rules::builder().board(Board::Rectangle { width: w, height: h });
    let families = [
        rect(8, 8).build().unwrap(),
        rect(10, 10).build().unwrap(),
        Rules::builder().board(Board::Octagon).build().unwrap(),
        rect(6, 6).build().unwrap(),
        rect(8, 8).blocked(Blocked::Count(4)).build().unwrap(),
        rect(16, 12).blocked(Blocked::Random).build().unwrap(),
        rect(8, 8).handicap(Handicap::Count { color: Color::White, count: 2 }).build().unwrap(),
    ];
    for rules in families {
        let mut game = Game::new(rules.clone(), 11).unwrap();
        play_some(&mut game, 9);
        let diagram = Diagram::of_game(&game);
        let g = game.position().geometry();
        let blocked: Vec<Square> = game.blocked().iter().collect();
        let cut: Vec<Square> = (g.unplayable() - game.blocked()).iter().collect();
        if rules.board() == Board::Octagon {
            assert_eq!(cut.len(), 12, "the Octagon's corners are cut");
        }
        check_cells(&diagram, game.position(), &blocked, &cut);
        let pixmap = render(&diagram.to_string());
        // The legal moves' dots, darker than the empty cell around them.
        for sq in game.legal_moves().iter() {
            let at = pixel(&pixmap, diagram.centre(sq));
            assert!(brightness(at) < brightness(rgb(colours::CELL)), "{rules}: the legal move {sq}: {at:?}");
        }
        // The last move's red dot.
        let last = game.history().last().unwrap().played();
        if let reversi_variants::Move::Place(sq) = last {
            assert!(near(pixel(&pixmap, diagram.centre(sq)), rgb(colours::LAST)), "{rules}: last move {sq}");
        }
        // A handicap disc keeps its colour at the centre and has its gold ring.
        for corner in rules.handicap_corners().iter() {
            let (x, y) = diagram.centre(corner);
            assert!(brightness(pixel(&pixmap, (x, y))) > 215, "a white handicap disc at {corner}");
            let ring = f64::from(Diagram::CELL) * 0.42 * 0.75;
            assert!(near(pixel(&pixmap, (x + ring, y)), rgb(colours::HANDICAP)), "the ring of {corner}");
        }
    }
}

#[test]
fn a_position_alone_draws_its_unplayable_cells_as_blocked_but_the_octagons_cuts() {
    let position: Position =
        "#-------/--------/--------/---OX---/---XO---/--------/--------/------#- X".parse().unwrap();
    let diagram = Diagram::new(&position).with_coordinates(Coordinates::Hidden).with_cell_size(24);
    let blocked = ["a1".parse().unwrap(), "g8".parse().unwrap()];
    check_cells(&diagram, &position, &blocked, &[]);
    let octagon = Position::start(reversi_core::Geometry::octagon()).unwrap();
    let cut: Vec<Square> = octagon.geometry().unplayable().iter().collect();
    check_cells(&Diagram::new(&octagon), &octagon, &[], &cut);
}

#[test]
fn the_game_svg_is_the_diagram_of_the_game() {
    let mut game = Game::new(Rules::default(), 0).unwrap();
    play_some(&mut game, 3);
    assert_eq!(game.svg(), Diagram::of_game(&game).to_string());
    assert!(game.svg().contains(">a</text>") && game.svg().contains(">8</text>"), "coordinates");
}

/// The values of a known game's review (the engine's curve of a short game, written down) and
/// its marks.
const KNOWN: [f64; 12] = [0.37, -3.29, -8.92, -1.9, -5.56, -5.56, -8.15, 3.05, 0.78, -7.11, -5.23, 16.32];

#[test]
fn the_evaluation_graph_passes_through_each_value_and_marks_the_mistakes() {
    let marks = [(2, GraphMark::Blunder), (7, GraphMark::Mistake), (11, GraphMark::Blunder)];
    let graph = EvaluationGraph::new(&KNOWN).with_marks(&marks);
    let svg = graph.to_string();
    let pixmap = render(&svg);
    assert_eq!(graph.scale(), 24.0, "16.32 rounds up to 24 discs");
    // The points follow the values: higher for Black is higher on the picture.
    for (i, pair) in KNOWN.windows(2).enumerate() {
        let (a, b) = (graph.point(i), graph.point(i + 1));
        assert!(a.0 < b.0);
        assert_eq!(pair[0] < pair[1], a.1 > b.1, "move {i}");
        let expected = graph.zero_y() - KNOWN[i] / 24.0 * (graph.zero_y() - 14.0);
        assert!((a.1 - expected).abs() < 1e-9);
    }
    for i in 0..KNOWN.len() {
        let at = pixel(&pixmap, graph.point(i));
        match marks.iter().find(|(m, _)| *m == i) {
            Some((_, mark)) => assert!(near(at, rgb(mark.colour())), "move {i}'s mark: {at:?}"),
            None => assert!(line_near(&pixmap, graph.point(i)), "the line through move {i}: {at:?}"),
        }
    }
    // Off the line, the plot's background: Black's half grey above 0, White's white below.
    let (x, _) = graph.point(0);
    assert!(near(pixel(&pixmap, (x + 3.0, 20.0)), [0xe6, 0xe6, 0xe6]));
    assert!(near(pixel(&pixmap, (x + 3.0, graph.zero_y() + 100.0)), [0xff, 0xff, 0xff]));
}

#[test]
fn an_empty_or_single_graph_still_renders() {
    let empty = EvaluationGraph::new(&[]).to_string();
    render(&empty);
    let one = EvaluationGraph::new(&[f64::NAN]).with_marks(&[(0, GraphMark::Mistake), (5, GraphMark::Blunder)]);
    let pixmap = render(&one.to_string());
    assert!(near(pixel(&pixmap, one.point(0)), rgb(GraphMark::Mistake.colour())));
    assert!(!one.to_string().contains("NaN"));
}
