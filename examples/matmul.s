; 4x4 matrix multiply C = A x B (bytes, modulo 256), one element of C per core.
;
; A[r][k] is bank 0 row 4r+k, B[k][c] bank 1 row 4k+c, C[r][c] bank 2 row 4r+c.
; Core id = 4r + c. Two tasks on the same cores: the first sets up registers, the second
; (which starts when the first is done, since registers persist between tasks) computes.
; Written for the 16-core GPU: its masks name cores a smaller build lacks.

.cf mask=0xffff fence=no
.if                             ; set-up
        sub r0, r0, r0          ; r0 = 0: bank of A
        set_const 1, r9         ; r9 = 1
        add r0, r9, r1          ; r1 = 1: bank of B
        add r1, r1, r2          ; r2 = 2: bank of C
        set_const 0, r4         ; r4 = core id = 4r + c: row of C[r][c]
        set_const 12, r8
        and r4, r8, r5          ; r5 = 4r: row of A[r][0]
        xor r4, r5, r6          ; r6 = c: row of B[0][c]
        sub r7, r7, r7          ; r7 = sum = 0
        set_const 4, r10        ; r10 = 4: row stride of B
        add r10, r0, r11        ; r11 = 4: iterations left
        ready
.if                             ; dot product
loop:   ld [r5, r0], r12        ; A[r][k]
        ld [r6, r1], r13        ; B[k][c]
        mul r12, r13, r12       ; r12 = low byte of the product (r13 = high byte)
        add r7, r12, r7         ; sum += product
        add r5, r9, r5          ; next column of A
        add r6, r10, r6         ; next row of B
        sub r11, r9, r11
        bnz r11, loop
        st [r4, r2], r7         ; C[r][c] = sum
        ready
