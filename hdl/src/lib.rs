//! gpu16 RTL written with rust-hdl 0.46.
