import Foundation
import Testing
@testable import ScreenTest

/// The parts of `test.launch` that read what a test gives it.
@MainActor
struct PilotLauncherTests {
    @Test func datesAreReadInUTCWithOrWithoutTheTimeOfDay() {
        let newYear: Double = 1_767_225_600
        let morning: Double = newYear + 30600
        #expect(PilotLauncher.time(from: "1970-01-02") == 86400)
        #expect(PilotLauncher.time(from: "2026-01-01T00:00:00Z") == newYear)
        #expect(PilotLauncher.time(from: "2026-01-01T08:30Z") == morning)
        #expect(PilotLauncher.time(from: "2026-01-01 08:30:15") == morning + 15)
    }

    @Test func datesThatDoNotExistOrDoNotParseAreRefused() {
        for text in ["2026-02-30", "2026-13-01", "2026-01-01T25:00Z", "tomorrow", "", "2026-1-1", "2026-01-01T08:30:15+02:00"] {
            #expect(PilotLauncher.time(from: text) == nil, "\(text)")
        }
    }

    @Test func moduleNamesAreWhatRequireCallsTheFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pilot-modules-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for file in ["main.lua", "util.lua", "views/card.lua", "views/init.lua", "notes.txt"] {
            let path = (folder as NSString).appendingPathComponent(file)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        #expect(Set(PilotLauncher.moduleNames(in: folder)) == ["main", "util", "views.card", "views"])
    }
}
