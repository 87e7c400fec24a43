/// Records what callbacks did, in order, for tests that assert ordering.
final class Log {
    private(set) var entries: [String] = []

    func callAsFunction(_ entry: String) {
        entries.append(entry)
    }
}
