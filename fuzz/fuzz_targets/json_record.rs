//! JSON records: whatever loads (checked by replaying it) is written back as JSON that loads
//! as the same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use reversi_records::{GameRecord, RecordData};

fuzz_target!(|data: &[u8]| {
    if let Ok(data) = serde_json::from_slice::<RecordData>(data) {
        let written = serde_json::to_string(&data).unwrap();
        assert_eq!(serde_json::from_str::<RecordData>(&written).ok(), Some(data.clone()), "{written}");
        if let Ok(record) = GameRecord::try_from(data) {
            let written = serde_json::to_string(&record).unwrap();
            assert_eq!(serde_json::from_str::<GameRecord>(&written).ok(), Some(record), "{written}");
        }
    }
    let _ = serde_json::from_slice::<GameRecord>(data);
});
