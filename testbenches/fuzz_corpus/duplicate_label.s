.cf mask=0xffff
.if
l: bnz r1, l
l: ready
