; MACHINE.md §3 Example 1: frames 1..4 run one after another on cores 0x0f0f. The CF at frame 5 is not
; handled before frame 4 completes (acq). Frames 6 and 7 then run one after another on cores 0xf0f0.
; Written for the 16-core GPU: its masks name cores a smaller build lacks.

.cf mask=0x0f0f fence=acq
.if                             ; frame 1
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 1, r8        ; r8 = 1
        st [r8, r1], r8         ; SM[bank id][row 1] = 1: frame 1 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; frame 2
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 2, r8        ; r8 = 2
        st [r8, r1], r8         ; SM[bank id][row 2] = 2: frame 2 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; frame 3
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 3, r8        ; r8 = 3
        st [r8, r1], r8         ; SM[bank id][row 3] = 3: frame 3 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; frame 4
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 4, r8        ; r8 = 4
        st [r8, r1], r8         ; SM[bank id][row 4] = 4: frame 4 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.cf mask=0xf0f0 fence=acq
.if                             ; frame 6
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 5, r8        ; r8 = 5
        st [r8, r1], r8         ; SM[bank id][row 5] = 5: frame 6 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; frame 7
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 6, r8        ; r8 = 6
        st [r8, r1], r8         ; SM[bank id][row 6] = 6: frame 7 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
