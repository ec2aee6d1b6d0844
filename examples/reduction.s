; Sum of 256 bytes (modulo 256) in two stages.
;
; Datum j is bank j % 16, row j / 16. Stage 1: core i sums the 16 data of bank i into
; bank i, row 0x40. Stage 2 runs on core 0 only, under fence=rel: it does not start before
; every stage-1 task is finished (fence=no would wait for core 0 alone). It adds the 16
; partial sums into bank 0, row 0x80.

.cf mask=0xffff fence=no
.if
        set_const 0, r1         ; r1 = core id: this core's bank
        sub r0, r0, r0          ; r0 = row
        sub r7, r7, r7          ; r7 = sum
        set_const 1, r9
        set_const 16, r10       ; r10 = data left
loop:   ld [r0, r1], r11
        add r7, r11, r7
        add r0, r9, r0
        sub r10, r9, r10
        bnz r10, loop
        set_const 0x40, r12
        st [r12, r1], r7        ; partial sum -> bank i, row 0x40
        ready

.cf mask=0x0001 fence=rel
.if
        sub r1, r1, r1          ; r1 = bank of the next partial sum
        sub r7, r7, r7          ; r7 = total
        set_const 0x40, r12
        set_const 1, r9
        set_const 16, r10
loop:   ld [r12, r1], r11
        add r7, r11, r7
        add r1, r9, r1
        sub r10, r9, r10
        bnz r10, loop
        set_const 0x80, r13
        sub r2, r2, r2
        st [r13, r2], r7        ; total -> bank 0, row 0x80
        ready
