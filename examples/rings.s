; Rings: a zone plate, the colour of pixel (x, y) the square of its distance from the centre
; in 8-bit arithmetic, (x − 32)² + (y − 32)² mod 256: the rings crowd outwards as the squares
; grow and the sum wraps. Runs on any number of cores (--cores N); the picture is the same
; for every N.
;
; As in gradient.s, core i paints banks i, i + N, i + 2N, ...: bank b holds lines 4b to
; 4b + 3, and row r of it is pixel (x, y) = (r % 64, 4b + r / 64). The first task sets the
; constants; a core keeps its registers into its next task, which paints.

.cf mask=all fence=no
.if
        set_const CORES, r8     ; r8 = N: the step to a core's next bank
        set_const 63, r9        ; x = r & 63
        set_const 32, r10       ; the centre
        set_const 1, r15
        set_const 15, r14       ; the last bank
.if
        set_const 0, r1         ; r1 = b: the first bank this core paints (its number)
bank:   lshft r1, 2, r4         ; r4 = 4b: the bank's first line
pixel:  and r11, r9, r12        ; x
        sub r12, r10, r12       ; x − 32 (mod 256: its square's low byte is the same)
        mul r12, r12, r12       ; (x − 32)², low byte (the high byte goes to r13)
        rshft r11, 6, r2        ; the line within the bank, r / 64
        or r2, r4, r2           ; y
        sub r2, r10, r2         ; y − 32
        mul r2, r2, r2          ; (y − 32)², low byte (high byte to r3)
        add r12, r2, r12        ; the pixel
        st [r11, r1], r12       ; pixel (r % 64, 4b + r / 64)
        add r11, r15, r11       ; the next row (r11 starts at 0: a launch zeroes registers)
        bnz r11, pixel          ; until the row wraps past 255 back to 0
        add r1, r8, r1          ; b += N
        cmpge r14, r1, r5       ; r5 = 1 while b <= 15
        bnz r5, bank
