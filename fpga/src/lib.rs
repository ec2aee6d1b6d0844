//! gpu16 FPGA flow.
