; Vector add: C[j] = A[j] + B[j] for 256 bytes, on every core. Runs on any number of cores
; (--cores N); the result is the same for every N.
;
; Element j lives in bank j % 16, row j / 16: A in rows 0-15, B in rows 16-31, C in rows
; 32-47. Core i handles elements i, i + N, i + 2N, ...: a memory address takes its bank from
; the low 4 bits of a register, so j itself names the bank. At each step the N cores work on
; N consecutive elements, which are in N different banks.

.cf mask=all fence=no
.if
        set_const 0, r1         ; r1 = j = core id: this core's first element
        set_const 16, r8        ; r8 = 16: rows from A to B to C
        set_const CORES, r10    ; r10 = N: the step to this core's next element
loop:   rshft r1, 4, r2         ; r2 = j / 16: the row of A[j]
        ld [r2, r1], r11        ; r11 = A[j]
        add r2, r8, r2          ; row of B[j]
        ld [r2, r1], r12        ; r12 = B[j]
        add r11, r12, r13       ; r13 = A[j] + B[j]
        add r2, r8, r2          ; row of C[j]
        st [r2, r1], r13
        add r1, r10, r1         ; j += N (past 255 it wraps below N)
        cmpge r1, r10, r14      ; r14 = 0 once j has wrapped
        bnz r14, loop
        ready
