import Foundation
import Testing
@testable import ScreenScript

/// The environment read from `environ` is the one Foundation gives.
struct ProcessEnvironmentTests {
    @Test func itIsWhatProcessInfoGives() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }
}
