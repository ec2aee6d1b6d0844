; MACHINE.md §3 Example 1: IF0..IF3 run one after another on cores 0x0f0f. CF1 is not handled before IF3
; completes (acq). IF4 and IF5 then run one after another on cores 0xf0f0.
; Written for the 16-core GPU: its masks name cores a smaller build lacks.

.cf mask=0x0f0f fence=acq
.if                             ; IF0
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 1, r8        ; r8 = 1
        st [r8, r1], r8         ; SM[bank id][row 1] = 1: IF0 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; IF1
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 2, r8        ; r8 = 2
        st [r8, r1], r8         ; SM[bank id][row 2] = 2: IF1 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; IF2
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 3, r8        ; r8 = 3
        st [r8, r1], r8         ; SM[bank id][row 3] = 3: IF2 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; IF3
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 4, r8        ; r8 = 4
        st [r8, r1], r8         ; SM[bank id][row 4] = 4: IF3 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.cf mask=0xf0f0 fence=acq
.if                             ; IF4
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 5, r8        ; r8 = 5
        st [r8, r1], r8         ; SM[bank id][row 5] = 5: IF4 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
.if                             ; IF5
        set_const 0, r1         ; r1 = core id: this core's bank
        set_const 6, r8        ; r8 = 6
        st [r8, r1], r8         ; SM[bank id][row 6] = 6: IF5 ran on this core
        set_const 1, r9
        set_const 6, r10       ; spin a while so overlaps show on the timeline
spin:   sub r10, r9, r10
        bnz r10, spin
        ready
