; Why fences exist: a result gathered by one core from the work of sixteen.
;
; Stage 1, on all 16 cores: core i works for a time that grows with i (a delay loop of 8i+1
; turns), then writes its number i into row 0 of its bank i.
; Stage 2, on core 0 only: adds row 0 of the 16 banks and writes the sum into bank 0, row 1.
; Under fence=rel stage 2 waits for every stage-1 task: 0 + 1 + ... + 15 = 120 (0x78).
; Under fence=no it waits for core 0 alone and reads banks the slower cores have not
; written yet (docs/TUTORIAL.md, "Fences").
; Written for the 16-core GPU: its masks name cores a smaller build lacks.

.cf mask=0xffff fence=no
.if
        set_const 0, r1         ; r1 = this core's number: its bank
        sub r3, r3, r3          ; r3 = row 0
        set_const 1, r9
        lshft r1, 3, r10
        add r10, r9, r10        ; r10 = turns of the delay loop: 8 * core + 1
delay:  sub r10, r9, r10
        bnz r10, delay
        st [r3, r1], r1         ; bank i, row 0 := i
        ready

.cf mask=0x0001 fence=rel
.if
        sub r1, r1, r1          ; r1 = the bank to read next
        sub r3, r3, r3          ; r3 = row 0
        sub r7, r7, r7          ; r7 = the sum
        set_const 1, r9
        set_const 16, r10       ; r10 = banks left
loop:   ld [r3, r1], r11
        add r7, r11, r7
        add r1, r9, r1
        sub r10, r9, r10
        bnz r10, loop
        st [r9, r3], r7         ; bank 0, row 1 := the sum
        ready
