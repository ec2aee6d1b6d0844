.cf mask=0x1 fence=3
