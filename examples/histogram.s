; Histogram of 256 bytes into 16 bins (bin = byte >> 4), with atomic increments. Runs on any
; number of cores (--cores N); the result is the same for every N.
;
; Datum j is bank j % 16, row j / 16 (rows 0-15); core i counts data i, i + N, i + 2N, ...
; The counter of bin b is bank b, row 0x80: counters are in 16 different banks, so up to 16
; atomic sequences (one lock per bank) run at once.

.cf mask=all fence=no
.if
        set_const 0, r1         ; r1 = j = core id: this core's first datum (bank j % 16)
        set_const 0x80, r8      ; r8 = row of the counters
        set_const 1, r9
        set_const CORES, r10    ; r10 = N: the step to this core's next datum
loop:   rshft r1, 4, r3         ; r3 = j / 16: the datum's row
        ld [r3, r1], r11        ; r11 = datum
        rshft r11, 4, r2        ; r2 = bin: the bank of its counter
        ld_sync [r8, r2], r12   ; lock the counter and read it
        add r12, r9, r12
        st_sync [r8, r2], r12   ; write it back and unlock
        add r1, r10, r1         ; j += N (past 255 it wraps below N)
        cmpge r1, r10, r14      ; r14 = 0 once j has wrapped
        bnz r14, loop
        sub r12, r12, r12         ; the value read depends on the order of the cores' sequences
        ready
