-- Run by the spec with the interpreter busted gives it: prints its arguments and version.
print(_VERSION, ...)
