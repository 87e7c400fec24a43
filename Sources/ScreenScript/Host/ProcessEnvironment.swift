#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment as a dictionary, read from `environ` itself: what
/// `ProcessInfo.processInfo.environment` gives, without the cost of ProcessInfo's first use,
/// which a `screens run` pays at every start. A variable without `=` is left out; of two of
/// one name, the first wins, as `getenv` finds it.
nonisolated public enum ProcessEnvironment {
    public static func current() -> [String: String] {
        var variables: [String: String] = [:]
        #if canImport(Darwin)
        guard let entries = _NSGetEnviron()?.pointee else { return [:] }
        #else
        let entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = environ
        #endif
        var index = 0
        while let entry = entries[index] {
            index += 1
            let text = String(cString: entry)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[..<equals])
            if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
        }
        return variables
    }
}
