//! Which byte of a reply is due: the state the reply ([`super::reply::Reply`]) walks and its
//! transmit side ([`super::reply_out::ReplyOut`]) reads.

use rust_hdl::prelude::*;

/// Which byte of the reply is due: the sync byte, code, length, header check and `seq`, then
/// per payload byte its fetch (`Fetch`, `Wait1`–`Wait3`) and `SendByte`, then the CRC.
#[derive(Copy, Clone, PartialEq, Debug, LogicState)]
pub enum ReplyState {
    Idle,
    SendSync,
    SendCode,
    SendLength,
    SendHeader,
    SendSeq,
    Fetch,
    Wait1,
    Wait2,
    Wait3,
    SendByte,
    SendCrcHigh,
    SendCrcLow,
}
