//! Shared helpers for the gpu16 testbenches.
