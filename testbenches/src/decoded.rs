//! An instruction word's controls as the core's decoder gives them
//! (`gpu16_hdl::core::Decode`, checked on every word against the ISA in tests/decode.rs): what
//! the testbenches of the blocks that read E present to them.

use gpu16_hdl::core::{Controls, Decode};
use gpu16_hdl::sim::{connected, settle};

/// The [`Controls`] the fetch registers into E for `word`.
pub fn controls(word: u16) -> Controls {
    let mut d = connected::<Decode>();
    d.word.next = u64::from(word).into();
    settle(&mut d).expect("the decoder is combinational and settles");
    d.controls.val()
}
