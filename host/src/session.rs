//! A host's session on the board: the random number it starts a run with
//! ([`Command::Session`]), which every status it reads afterwards must show. A board that was
//! reset, powered off or re-flashed reports 0; one another host has started a session on
//! reports that host's number.

use crate::{board_status, HostError, Link};
use gpu16_sim::link::{BoardStatus, Command};
use std::hash::BuildHasher;

/// Where a run was when its status was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Before the upload: asking the board who it is, which design it runs, what it does.
    Start,
    /// Between the session's start and the launch: memories being written.
    Upload,
    /// From the launch until the run is over.
    Run,
    /// While the result was read back.
    ReadBack,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::Start => "before anything was uploaded",
            Phase::Upload => "while the program and memory were uploaded",
            Phase::Run => "during the run (or just before its launch)",
            Phase::ReadBack => "while the result was read back",
        })
    }
}

/// A session this host started on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Session(u16);

impl Session {
    /// Starts a session with a fresh random number (never 0, a board's number after
    /// power-up).
    pub(crate) fn open(link: &mut Link) -> Result<Session, HostError> {
        let random = std::collections::hash_map::RandomState::new()
            .hash_one((std::process::id(), std::time::SystemTime::now()));
        let session = Session((random % 0xffff) as u16 + 1);
        link.request(Command::Session, &session.0.to_le_bytes())?;
        Ok(session)
    }

    /// The board's status, which must still show this session (read `during` a phase).
    pub(crate) fn status(self, link: &mut Link, during: Phase) -> Result<BoardStatus, HostError> {
        let st = board_status(link)?;
        let port = link.name().to_string();
        match st.session {
            s if s == self.0 => Ok(st),
            0 => Err(HostError::BoardReset { port, during }),
            other => Err(HostError::LostRun {
                port,
                detail: format!(
                    "another host started session {other:#06x} on it {during}; this host's is \
                     {:#06x}",
                    self.0
                ),
            }),
        }
    }

    /// `result`, unless it failed because the board lost this session: a board reset partway
    /// refuses, or answers oddly, what its fresh state cannot carry out, and then that is what
    /// to report.
    pub(crate) fn unless_lost<T>(
        self,
        link: &mut Link,
        during: Phase,
        result: Result<T, HostError>,
    ) -> Result<T, HostError> {
        match result {
            Err(e @ (HostError::Refused { .. } | HostError::BadReply { .. })) => {
                self.status(link, during)?;
                Err(e)
            }
            other => other,
        }
    }
}
