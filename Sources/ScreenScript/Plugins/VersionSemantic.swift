import Version

/// The version of LuaScreens itself: what `screens --version` prints and what a plugin's
/// `host` range is matched against.
nonisolated public enum LuaScreensVersion {
    public static let current = Version(0, 2, 0)
}

extension Version {
    /// The largest number a version or range component may have: a range like `^1` adds one
    /// to a component, which must not overflow.
    static let largestComponent = Int(Int32.max)

    /// Parses a semantic version 2.0 exactly (`MAJOR.MINOR.PATCH`, then `-prerelease` and
    /// `+build`): no leading zeros, no empty or non-alphanumeric identifiers, no `v`.
    ///
    /// `Version("…")` alone also takes `01.2.3`, `+1.2.3` and `1.2.3-a..b`; its result is
    /// kept only when it writes back to the same text.
    ///
    /// ```swift
    /// Version(semantic: "1.2.0-beta.1+exp")   // 1.2.0-beta.1
    /// Version(semantic: "1.2")                // nil
    /// ```
    public init?(semantic text: String) {
        guard text.utf8.count <= 256 else { return nil }
        let parts = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        let build: [String]
        if parts.count == 2 {
            build = parts[1].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard build.allSatisfy(Self.isIdentifier) else { return nil }
        } else {
            build = []
        }
        let core = String(parts[0])
        guard let parsed = Version(core), parsed.description == core,
              parsed.prereleaseIdentifiers.allSatisfy(Self.isPrereleaseIdentifier),
              [parsed.major, parsed.minor, parsed.patch].allSatisfy({ $0 <= Self.largestComponent })
        else { return nil }
        self.init(parsed.major, parsed.minor, parsed.patch, pre: parsed.prereleaseIdentifiers, build: build)
    }

    /// A build identifier: `[0-9A-Za-z-]+`.
    static func isIdentifier<S: StringProtocol>(_ identifier: S) -> Bool {
        !identifier.isEmpty && identifier.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
        }
    }

    /// A prerelease identifier: a build identifier, and a number without leading zeros.
    static func isPrereleaseIdentifier(_ identifier: String) -> Bool {
        guard isIdentifier(identifier) else { return false }
        let numeric = identifier.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        return !numeric || identifier == "0" || !identifier.hasPrefix("0")
    }

    /// This version without its build metadata, as comparisons see it.
    var withoutBuild: Version { Version(major, minor, patch, pre: prereleaseIdentifiers) }

    /// Whether both have the same major, minor and patch numbers.
    func hasSameCore(as other: Version) -> Bool {
        major == other.major && minor == other.minor && patch == other.patch
    }
}
