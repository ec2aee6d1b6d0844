; Broadcast reads: all 16 cores read the same 16 coefficients (bank 0, rows 0-15) and each
; stores their sum (modulo 256) in its own bank, row 0x80. The hardware serves the cores' loads
; of one byte one per cycle (docs/microarchitecture.md, "No broadcast"): a bank's worst case.
; Written for the 16-core GPU: its masks name cores a smaller build lacks.

.cf mask=0xffff fence=no
.if
        sub r0, r0, r0          ; r0 = 0: the coefficients' bank
        set_const 16, r10       ; r10 = coefficients left
        set_const 1, r9
        sub r8, r8, r8          ; r8 = row of the next coefficient
        sub r12, r12, r12       ; r12 = sum
loop:   ld [r8, r0], r11
        add r12, r11, r12
        add r8, r9, r8
        sub r10, r9, r10
        bnz r10, loop
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 0x80, r13
        st [r13, r1], r12
        ready
