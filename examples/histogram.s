; Histogram of 256 bytes into 16 bins (bin = byte >> 4), with atomic increments.
;
; Datum j is bank j % 16, row j / 16 (rows 0-15); core i counts the 16 data of bank i.
; The counter of bin b is bank b, row 0x80: counters are in 16 different banks, so up to 16
; atomic sequences (one lock per bank) run at once.

.cf mask=0xffff fence=no
.if
        set_const 0, r1         ; r1 = core id: the bank holding this core's data
        sub r0, r0, r0          ; r0 = row of the next datum
        set_const 0x80, r8      ; r8 = row of the counters
        set_const 1, r9
        set_const 16, r10       ; r10 = data left
loop:   ld [r0, r1], r11        ; r11 = datum
        rshft r11, 4, r2        ; r2 = bin: the bank of its counter
        ld_sync [r8, r2], r12   ; lock the counter and read it
        add r12, r9, r12
        st_sync [r8, r2], r12   ; write it back and unlock
        add r0, r9, r0
        sub r10, r9, r10
        bnz r10, loop
        sub r12, r12, r12         ; the value read depends on the order of the cores' sequences
        ready
