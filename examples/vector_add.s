; Vector add: C[j] = A[j] + B[j] for 256 bytes, on all 16 cores.
;
; Element j lives in bank j % 16, row j / 16: A in rows 0-15, B in rows 16-31, C in rows
; 32-47. Core i handles the 16 elements of bank i, so no two cores ever want the same bank.

.cf mask=0xffff fence=no
.if
        set_const 0, r1         ; r1 = core id: this core's bank
        sub r2, r2, r2          ; r2 = k = 0: row of A[k]
        set_const 16, r8        ; r8 = 16: distance A -> B -> C, and the element count
        set_const 1, r9         ; r9 = 1
loop:   ld [r2, r1], r11        ; r11 = A[k]
        add r2, r8, r3          ; r3 = row of B[k]
        ld [r3, r1], r12        ; r12 = B[k]
        add r11, r12, r13       ; r13 = A[k] + B[k]
        add r3, r8, r3          ; r3 = row of C[k]
        st [r3, r1], r13
        add r2, r9, r2          ; k += 1
        sub r8, r2, r14         ; r14 = 16 - k
        bnz r14, loop
        ready
