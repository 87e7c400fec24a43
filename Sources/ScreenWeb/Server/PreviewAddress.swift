#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingSocks

/// Where the preview listens: an IP address (v4 or v6, `localhost` standing for 127.0.0.1)
/// and a port (0: one the system picks).
///
/// ```swift
/// let address = try PreviewAddress(host: "127.0.0.1", port: 8765)
/// address.isLoopback       // true: only this machine can connect
/// ```
public nonisolated struct PreviewAddress: Sendable, Equatable {
    /// The address as given (`localhost` as 127.0.0.1).
    public let host: String
    public let port: UInt16
    /// Whether only this machine can reach it: 127.0.0.0/8 or ::1.
    public let isLoopback: Bool
    let isIPv6: Bool

    /// The address the preview listens on unless `--host` says otherwise.
    public static let loopback = "127.0.0.1"

    /// - Throws: ``PreviewServerError`` when `host` is not an IP address.
    public init(host: String, port: UInt16) throws(PreviewServerError) {
        let host = host == "localhost" ? Self.loopback : host
        self.host = host
        self.port = port
        var v4 = in_addr(), v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            isIPv6 = false
            isLoopback = UInt32(bigEndian: v4.s_addr) >> 24 == 127
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            isIPv6 = true
            isLoopback = withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        } else {
            throw PreviewServerError("--host needs an IP address (such as 127.0.0.1, 0.0.0.0 or ::1), not '\(host)'")
        }
    }

    /// The same address on another port.
    func with(port: UInt16) -> PreviewAddress {
        // The host was read once already: it reads again.
        (try? PreviewAddress(host: host, port: port)) ?? self
    }

    /// The host as a URL writes it: an IPv6 address in brackets.
    var urlHost: String { isIPv6 ? "[\(host)]" : host }

    /// The socket address FlyingFox binds.
    func socketAddress() throws -> any SocketAddress {
        isIPv6 ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
    }
}

/// Why the preview cannot be served: a bad address, a port taken, a page file missing.
public nonisolated struct PreviewServerError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
