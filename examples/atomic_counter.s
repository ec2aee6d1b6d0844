; Every core increments one byte (bank 0, row 0) 10 times with atomic sequences.
; Without the hardware lock, increments would be lost; the result is 10 per core: 160 on the
; 16-core GPU, 10 * N on a GPU of N cores. Runs on any number of cores (--cores N).

.cf mask=all fence=no
.if
        sub r0, r0, r0          ; r0 = 0: the counter's bank and row
        set_const 1, r9
        set_const 10, r10       ; r10 = increments left
loop:   ld_sync [r0, r0], r11
        add r11, r9, r11
        st_sync [r0, r0], r11
        sub r10, r9, r10
        bnz r10, loop
        sub r11, r11, r11         ; the value read depends on the order of the cores' sequences
        ready
