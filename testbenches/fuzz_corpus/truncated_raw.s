.cf_raw 0x3f 0 0 0
.if
ready
