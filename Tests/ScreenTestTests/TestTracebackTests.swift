import Testing
@testable import ScreenTest

/// Tracebacks of errors raised in callbacks, trimmed to the test's own code.
struct TestTracebackTests {
    @Test func dropsTheRaisingFunctionAndEverythingFromTheRunnerDown() {
        let traceback = """
            stack traceback:
            \t[C]: in function 'error'
            \tspec.lua:6: in function <spec.lua:6>
            \t[C]: in function 'test.advance'
            \tspec.lua:7: in function <spec.lua:5>
            \t[C]: in function 'xpcall'
            \t[C]: in ?
            \tscreentest/runner.lua:190: in upvalue 'protect'
            \tscreentest/runner.lua:456: in upvalue 'run_in_test'
            \tscreentest:15: in function <screentest:15>
            """
        #expect(TestTraceback.trimmed(traceback) == """
            stack traceback:
            \tspec.lua:6: in function <spec.lua:6>
            \t[C]: in function 'test.advance'
            \tspec.lua:7: in function <spec.lua:5>
            """)
    }

    @Test func dropsLuassertsAssertionsAndSpies() {
        let traceback = """
            stack traceback:
            \t[C]: in function 'error'
            \t/usr/share/lua/5.4/luassert/assert.lua:48: in function <...share/lua/5.4/luassert/assert.lua:22>
            \tspec.lua:8: in function <spec.lua:8>
            \t...a/5.4/luassert/spy.lua:12: in function <...a/5.4/luassert/spy.lua:10>
            \tspec.lua:9: in function <spec.lua:7>
            \t[C]: in function 'xpcall'
            \tscreentest/runner.lua:190: in upvalue 'protect'
            """
        #expect(TestTraceback.trimmed(traceback) == """
            stack traceback:
            \tspec.lua:8: in function <spec.lua:8>
            \tspec.lua:9: in function <spec.lua:7>
            """)
    }

    @Test func keepsATracebackWithoutTheRunnerAsItIs() {
        let traceback = "stack traceback:\n\tmain.lua:3: in function 'f'\n\t[C]: in ?"
        #expect(TestTraceback.trimmed(traceback) == traceback)
    }

    @Test func givesNothingWhenNothingIsLeft() {
        #expect(TestTraceback.trimmed("stack traceback:\n\t[C]: in function 'error'\n\tscreentest/runner.lua:1: in ?") == nil)
        #expect(TestTraceback.trimmed(nil) == nil)
    }
}
