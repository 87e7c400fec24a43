--- @meta
--- The test API that `screens test` gives every test file (busted- and luassert-style).
--- These stubs are for editors (lua-language-server); the implementation is
--- Sources/ScreenTest/Lua.

--- Declares a block of tests. Blocks nest; the body runs when the file is collected.
--- @param name string
--- @param body fun()
function describe(name, body) end

--- Same as `describe`.
--- @param name string
--- @param body fun()
function context(name, body) end

--- Declares a test. Without a body the test is pending (skipped).
--- @param name string
--- @param body? fun()
function it(name, body) end

--- Declares a skipped test, or, inside a running test, stops it as skipped.
--- @param reason string
function pending(reason) end

--- Runs before every test of the enclosing block (outer blocks first).
--- @param body fun()
function before_each(body) end

--- Runs after every test of the enclosing block (inner blocks first), even when it failed.
--- @param body fun()
function after_each(body) end

--- Runs once before the block's tests. An error fails the block as one entry.
--- @param body fun()
function setup(body) end

--- Runs once after the block's tests.
--- @param body fun()
function teardown(body) end

--- Inside a test: runs `body` after the test, whatever happens.
--- @param body fun()
function finally(body) end

--- luassert-compatible assertions. Words chain with `.` or `_` and are case-insensitive:
--- `assert.are.equal(expected, actual)`, `assert.is_not.Nil(v)`, `assert.has_no.errors(fn)`.
--- Every assertion takes an optional failure message as its last argument.
--- @class luassert
--- @field equal fun(expected: any, actual: any, message?: string)
--- @field equals fun(expected: any, actual: any, message?: string)
--- @field same fun(expected: any, actual: any, message?: string) deep comparison
--- @field truthy fun(value: any, message?: string)
--- @field falsy fun(value: any, message?: string)
--- @field is_true fun(value: any, message?: string)
--- @field is_false fun(value: any, message?: string)
--- @field is_nil fun(value: any, message?: string)
--- @field has_error fun(fn: fun(), expected?: any, message?: string) a string is compared without its "file:line: " prefix
--- @field matches fun(pattern: string, value: string, message?: string)
--- @field near fun(expected: number, actual: number, tolerance: number, message?: string)
--- @field spy fun(s: spy): table `assert.spy(s).was.called(n)`, `.called_with(...)`
--- @field snapshot fun(screen: string, name: string) compares with `__snapshots__/name.txt` (`.svg` for SVG) beside the test file: a missing one is written (fails under `CI`), one that differs fails with a diff; `screens test --update-snapshots` accepts it
--- @field is luassert
--- @field are luassert
--- @field is_not luassert
--- @field are_not luassert
--- @field has_no luassert
--- @field was luassert
--- @field was_not luassert
assert = {}

--- A callable that records its calls.
--- @class spy
--- @field calls { vals: any[], returnvals: any[] }[]
--- @field revert fun(self: spy) restores what `spy.on` replaced
--- @field clear fun(self: spy) forgets the calls

--- @class spylib
--- @field new fun(fn?: function): spy
--- @field on fun(target: table, name: string): spy replaces `target[name]` with a spy calling it
spy = {}

--- Replaces `target[name]` with a spy that does not call the original and returns `...`.
--- @param target table
--- @param name string
--- @return spy
function stub(target, name, ...) end

--- What test files add: control over the file's virtual clock, and the errors scripts
--- raised in callbacks.
--- @class test
test = {}

--- Runs everything that falls due within `seconds` of virtual time, in order.
--- @param seconds number
function test.advance(seconds) end

--- Moves the clock without running anything, as if the loop had been busy.
--- @param seconds number
function test.stall(seconds) end

--- The virtual time, as `loop.now()` gives it.
--- @return number
function test.now() end

--- Takes the errors callbacks raised so far: `{ context =, message =, traceback = }`.
--- An error a test leaves untaken fails that test.
--- @return { context: string, message: string, traceback: string? }[]
function test.errors() end
