.if
ready
