#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The time zone an app launched by `test.launch` sees: its `os.date`, `os.time` with a
/// table and its date pickers read the C library's zone, which follows `TZ`. A launch sets it
/// (UTC unless the options name another) and its end puts back what the process had, so a
/// snapshot of days and hours is the same on every machine.
///
/// `TZ` belongs to the process; a test worker runs one file at a time, and nothing but the
/// loop's thread reads the zone.
struct LaunchTimeZone {
    /// The zone of a launch whose options name none.
    static let standard = "UTC"

    let name: String

    /// A zone of the system's database (`"Europe/Paris"`, `"UTC"`); nil for a name it does
    /// not know, which the C library would take as UTC without a word.
    init?(_ name: String) {
        guard !name.isEmpty, name.utf8.count <= 64, !name.utf8.contains(0), !name.hasPrefix(":"),
              TimeZone(identifier: name) != nil else { return nil }
        self.name = name
    }

    /// Sets the process's zone to this one; the function returned puts back the one before.
    func apply() -> () -> Void {
        let before = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", name, 1)
        tzset()
        return {
            if let before { setenv("TZ", before, 1) } else { unsetenv("TZ") }
            tzset()
        }
    }
}
