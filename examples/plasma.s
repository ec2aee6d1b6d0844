; Plasma: three waves summed, in 8-bit fixed point. A wave is P(t) = t·(255 − t) / 256, the
; high byte of one `mul`: with t a phase from 0 to 255 (a fraction of a period in 8-bit
; fixed point) it rises from 0 to 63 at t = 128 and falls back, a smooth arch like half a
; sine. Pixel (x, y) is P(4x) + P(4y) + P(x + y): a wave across, one down and a slower one
; along the diagonal, 0 to 189 in RGB332. Runs on any number of cores (--cores N); the
; picture is the same for every N.
;
; As in gradient.s, core i paints banks i, i + N, i + 2N, ...: bank b holds lines 4b to
; 4b + 3, and row r of it is pixel (x, y) = (r % 64, 4b + r / 64). A task has 16 slots, so
; the picture takes two passes over the same banks: the first stores P(4x) + P(4y), the
; second adds P(x + y). A core runs its tasks in order, so its second pass reads what its
; first stored; registers carry the constants from the first task to the others.

.cf mask=all fence=no
.if
        set_const CORES, r8     ; r8 = N: the step to a core's next bank
        set_const 63, r9        ; x = r & 63
        set_const 0xff, r10     ; 255 − t = t XOR 255
        set_const 1, r15
        set_const 15, r14       ; the last bank
        set_const 0, r1         ; r1 = b: the first bank this core paints (its number)
.if
bank:   lshft r1, 4, r4         ; r4 = 16b = 4 · (the bank's first line)
pixel:  lshft r11, 2, r12       ; t = 4x: the row's line bits shift out
        xor r12, r10, r2        ; 255 − t
        mul r12, r2, r2         ; P(4x) in r3
        rshft r11, 6, r5        ; the line within the bank
        lshft r5, 2, r5
        or r5, r4, r5           ; t = 4y
        xor r5, r10, r6
        mul r5, r6, r6          ; P(4y) in r7
        add r3, r7, r12
        st [r11, r1], r12       ; P(4x) + P(4y)
        add r11, r15, r11       ; the next row (r11 starts at 0: a launch zeroes registers)
        bnz r11, pixel          ; until the row wraps past 255 back to 0
        add r1, r8, r1          ; b += N
        cmpge r14, r1, r5       ; r5 = 1 while b <= 15
        bnz r5, bank
.if
        set_const 0, r1         ; the first bank again
bank2:  lshft r1, 2, r4         ; r4 = 4b: the bank's first line
pixel2: ld [r11, r1], r12       ; the first pass's sum
        and r11, r9, r2         ; x
        rshft r11, 6, r5
        or r5, r4, r5           ; y
        add r2, r5, r2          ; t = x + y (0 to 126: the arch's rising half)
        xor r2, r10, r6
        mul r2, r6, r6          ; P(x + y) in r7
        add r12, r7, r12
        st [r11, r1], r12       ; the pixel
        add r11, r15, r11
        bnz r11, pixel2
        add r1, r8, r1
        cmpge r14, r1, r5
        bnz r5, bank2
