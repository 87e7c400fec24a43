-- Module state a launch must not carry into the next: how many times this module loaded
-- and how many taps on "Add" it has seen.
local counter = { loads = 0, taps = 0 }
counter.loads = counter.loads + 1
return counter
