--- @meta
--- `loop`: the host's event loop. Real time under `screens run` on a terminal, virtual time
--- in tests and headless runs.

--- @class loop
loop = {}

--- Seconds since the loop started, for intervals; never goes backwards.
--- @return number
function loop.now() end

--- Wall-clock seconds since 1970-01-01 UTC, for dates (store `date` attributes hold these).
--- Virtual in tests and headless runs: it starts at 2026-01-01T00:00:00Z and moves with the
--- loop, and there `os.time()` and `os.date()` without a time read it too.
--- @return number
function loop.time() end

--- Calls `fn(timer)` once, `seconds` from now (zero or less: at the next step). Equal
--- deadlines fire in scheduling order. NaN and ±inf are refused.
--- @param seconds number
--- @param fn fun(timer: loop.Timer)
--- @return loop.Timer
function loop.after(seconds, fn) end

--- Calls `fn(timer)` every `seconds`; as `NSTimer`, an interval under 0.1 ms (zero or less
--- included) is taken as 0.1 ms. A timer that falls behind skips to its next slot instead
--- of firing a burst. NaN and ±inf are refused.
--- @param seconds number
--- @param fn fun(timer: loop.Timer)
--- @return loop.Timer
function loop.every(seconds, fn) end

--- Calls `fn` before the next timer and before input, first in first out.
--- @param fn fun()
function loop.defer(fn) end

--- Ends `screens run` after the current callback.
function loop.quit() end

--- @class loop.Timer
--- @field active boolean whether it will fire again
--- @field repeating boolean
--- @field nextFireTime number? the loop time it fires next
loop.Timer = {}

--- Stops the timer; safe from inside its own callback or another timer's.
function loop.Timer:cancel() end
