.cf mask=0x1
.if
ld [r0, r4], r9
