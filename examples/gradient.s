; Gradient: the first picture (docs/MACHINE.md §5, "The picture"). Red grows across the
; picture, green down it, and every other bank's four lines have a little blue, which shows
; where the banks are. Runs on any number of cores (--cores N); the picture is the same for
; every N.
;
; Pixel (x, y) is the byte at 64·y + x: bank b holds lines 4b to 4b + 3, row r of it is
; pixel (r % 64, 4b + r / 64). Core i paints banks i, i + N, i + 2N, ..., so no two cores
; ever ask the same bank. A pixel is RGB332: red = x / 8 in bits 7-5, green = y / 8 = b / 2
; in bits 4-2 (the same for the bank's four lines), blue's high bit = b's low bit.

.cf mask=all fence=no
.if
        set_const 0, r1         ; r1 = b: the first bank this core paints (its number)
        set_const CORES, r8     ; r8 = N: the step to its next bank
        set_const 0xe0, r9      ; r9 = the red field, bits 7-5
        set_const 1, r15
        set_const 15, r10       ; the last bank
bank:   lshft r1, 1, r12        ; r12 = b << 1: green b / 2 in bits 4-2, b's low bit in bit 1
pixel:  lshft r11, 2, r13       ; r13 = x = row % 64, in bits 7-2
        and r13, r9, r13        ; red = x / 8
        or r13, r12, r13        ; with the bank's green and blue
        st [r11, r1], r13       ; pixel (row % 64, 4b + row / 64)
        add r11, r15, r11       ; the next row (r11 starts at 0: a launch zeroes registers)
        bnz r11, pixel          ; until the row wraps past 255 back to 0
        add r1, r8, r1          ; b += N
        cmpge r10, r1, r14      ; r14 = 1 while b <= 15
        bnz r14, bank
