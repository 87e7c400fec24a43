--- @meta
--- The test API that `screens test` gives every test file: busted's, with luassert's
--- `assert`, `spy`, `stub`, `mock` and `match` themselves (docs/testing.md).
--- These stubs are for editors (lua-language-server); the implementation is
--- Sources/ScreenTest/Lua.

--- Declares a block of tests. Blocks nest; as in busted, the body runs when the run
--- reaches the block (after the tests declared before it), then the block's tests.
--- @param name string
--- @param body fun()
function describe(name, body) end

--- A `describe` whose globals and `package.loaded` are put back after it.
--- @param name string
--- @param body fun()
function insulate(name, body) end

--- A `describe` whose body's globals stay for the blocks after it.
--- @param name string
--- @param body fun()
function expose(name, body) end

--- In a describe body: run the block's tests and blocks shuffled (with `seed`, or the
--- run's), or, with `false`, in order even under `--shuffle`.
--- @param seed? integer|boolean
function randomize(seed) end

--- Same as `describe`.
--- @param name string
--- @param body fun()
function context(name, body) end

--- Declares a test (also `spec`, and calling `test`). Without a body, as in busted, it
--- returns a function that takes the body: `it "adds" (function() ... end)`.
--- @param name string
--- @param body? fun()
function it(name, body) end

--- Same as `it`.
--- @param name string
--- @param body? fun()
function spec(name, body) end

--- Declares a skipped test, or, inside a running test, stops it as skipped.
--- @param reason string
function pending(reason) end

--- Runs before every test of the enclosing block (outer blocks first).
--- @param body fun()
function before_each(body) end

--- Runs after every test of the enclosing block (inner blocks first), even when it failed.
--- @param body fun()
function after_each(body) end

--- Runs once before the block's tests (also `strict_setup`). An error is one failure and
--- skips the block's tests.
--- @param body fun()
function setup(body) end

--- Runs once after the block's tests (also `strict_teardown`), even after a failed setup.
--- @param body fun()
function teardown(body) end

--- Runs once before the first test that runs in the block, if one does.
--- @param body fun()
function lazy_setup(body) end

--- Runs once after the block's tests, when its lazy_setup ran.
--- @param body fun()
function lazy_teardown(body) end

--- Inside a test: runs `body` after the test, whatever happens. As in busted, only the
--- last one given runs.
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
--- @field calls { vals: any[], refs: any[] }[] the arguments of each call
--- @field returnvals { vals: any[], refs: any[] }[] what each call returned
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
--- raised in callbacks. Called, `test(name, body)` declares a test, as busted's `test` does.
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
