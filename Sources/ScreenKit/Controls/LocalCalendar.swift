#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dates as the machine's time zone shows them (`TZ` honoured), through the C library's
/// `localtime_r` and `mktime`: the conversions Lua's `os.date` and `os.time` make, so that
/// a script and a date picker agree on what a date is. Times are seconds since 1970 UTC,
/// kept between year 1 and year 9999, where both conversions are exact.
enum LocalCalendar {
    /// A date and time of day in the local time zone.
    struct Fields: Equatable {
        var year: Int
        /// 1 (January) to 12.
        var month: Int
        /// 1 to 31.
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        /// 0 (Sunday) to 6; read, not written.
        var weekday = 0
    }

    /// The first second the calendar takes: 0001-01-01T00:00:00Z.
    static let earliest = -62_135_596_800.0
    /// The last second: 9999-12-31T23:59:59Z.
    static let latest = 253_402_300_799.0

    /// `time` taken into ``earliest``...``latest``; NaN as 0.
    static func clamp(_ time: Double) -> Double {
        time.isNaN ? 0 : min(max(time, earliest), latest)
    }

    /// The local date and time at `time` (whole seconds; clamped to the calendar's range).
    static func fields(of time: Double) -> Fields {
        tzset()
        var seconds = time_t(clamp(time).rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return Fields(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0) }
        return Fields(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday), hour: Int(parts.tm_hour),
            minute: Int(parts.tm_min), second: Int(parts.tm_sec), weekday: Int(parts.tm_wday))
    }

    /// The time of a local date and time; fields past their ranges carry over (the 32nd of
    /// January is the 1st of February), and a time a daylight saving change skips is taken as
    /// the C library takes it. Nil for fields out of the C library's reach.
    static func time(of fields: Fields) -> Double? {
        tzset()
        guard let year = Int32(exactly: fields.year - 1900), let month = Int32(exactly: fields.month - 1),
              let day = Int32(exactly: fields.day), let hour = Int32(exactly: fields.hour),
              let minute = Int32(exactly: fields.minute), let second = Int32(exactly: fields.second) else { return nil }
        var parts = tm()
        parts.tm_year = year
        parts.tm_mon = month
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        parts.tm_isdst = -1
        let time = mktime(&parts)
        // -1 is also one second before 1970; only the fields that make it can tell.
        if time == -1 && !(fields.year == 1969 || fields.year == 1970) { return nil }
        return Double(time)
    }

    /// The days of `month` (1...12) in `year`, by the Gregorian rule.
    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// `value` in 0..<`count`, round from either end.
    static func wrap(_ value: Int, _ count: Int) -> Int {
        guard count > 0 else { return 0 }
        return ((value % count) + count) % count
    }

    /// A number in two digits: `07`.
    static func twoDigits(_ value: Int) -> String {
        value < 10 && value >= 0 ? "0\(value)" : String(value)
    }
}
