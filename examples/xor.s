; XOR: each pixel's colour computed from its own (x, y) alone, x XOR y, as a pixel shader
; does: red from its bits 5-3, green from bits 2-0. Runs on any number of cores (--cores N);
; the picture is the same for every N.
;
; As in gradient.s, core i paints banks i, i + N, i + 2N, ...: bank b holds lines 4b to
; 4b + 3, and row r of it is pixel (x, y) = (r % 64, 4b + r / 64).

.cf mask=all fence=no
.if
        set_const 0, r1         ; r1 = b: the first bank this core paints (its number)
        set_const CORES, r8     ; r8 = N: the step to its next bank
        set_const 1, r15
        set_const 15, r10       ; the last bank
bank:   lshft r1, 2, r12        ; r12 = 4b: the bank's first line
pixel:  rshft r11, 6, r13       ; r13 = the line within the bank, r / 64
        or r13, r12, r13        ; y
        xor r13, r11, r13       ; x XOR y in bits 5-0 (r's bits 7-6 go in the shift below)
        lshft r13, 2, r13       ; red in bits 7-5, green in 4-2
        st [r11, r1], r13       ; pixel (r % 64, 4b + r / 64)
        add r11, r15, r11       ; the next row (r11 starts at 0: a launch zeroes registers)
        bnz r11, pixel          ; until the row wraps past 255 back to 0
        add r1, r8, r1          ; b += N
        cmpge r10, r1, r14      ; r14 = 1 while b <= 15
        bnz r14, bank
