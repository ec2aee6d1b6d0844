; Sum of 256 bytes (modulo 256) in two stages. Runs on any number of cores (--cores N); the
; total is the same for every N.
;
; Datum j is bank j % 16, row j / 16. Stage 1: core i sums data i, i + N, i + 2N, ... into
; bank i, row 0x40. Stage 2 runs on core 0 only, under fence=rel: it does not start before
; every stage-1 task is finished (fence=no would wait for core 0 alone). It adds the N
; partial sums into bank 0, row 0x80.

.cf mask=all fence=no
.if
        set_const 0, r1         ; r1 = j = core id: this core's first datum
        sub r7, r7, r7          ; r7 = sum
        set_const CORES, r10    ; r10 = N: the step to this core's next datum
loop:   rshft r1, 4, r2         ; r2 = j / 16: the datum's row
        ld [r2, r1], r11
        add r7, r11, r7
        add r1, r10, r1         ; j += N (past 255 it wraps below N)
        cmpge r1, r10, r14      ; r14 = 0 once j has wrapped
        bnz r14, loop
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 0x40, r12
        st [r12, r1], r7        ; partial sum -> bank i, row 0x40
        ready

.cf mask=0x0001 fence=rel
.if
        sub r1, r1, r1          ; r1 = bank of the next partial sum
        sub r7, r7, r7          ; r7 = total
        set_const 0x40, r12
        set_const 1, r9
        set_const CORES, r10    ; r10 = partial sums left
loop:   ld [r12, r1], r11
        add r7, r11, r7
        add r1, r9, r1
        sub r10, r9, r10
        bnz r10, loop
        set_const 0x80, r13
        sub r2, r2, r2
        st [r13, r2], r7        ; total -> bank 0, row 0x80
        ready
