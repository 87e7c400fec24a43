extension TestRunner.Options.Shard {
    /// A `--shard K/N` that cannot be used, with what was wrong.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads `K/N` as the command line gives it: shard K (counted from 1) of N.
    ///
    /// ```swift
    /// try Shard(argument: "2/3")   // Shard(index: 1, count: 3)
    /// ```
    /// - Throws: ``Invalid`` for text that is not two whole numbers, no shards, or K out of 1...N.
    public init(argument: String) throws(Invalid) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Invalid(description: "--shard must be K/N, two whole numbers such as 2/5, got \"\(argument)\"")
        }
        guard count >= 1 else {
            throw Invalid(description: "--shard \(argument): the number of shards must be at least 1")
        }
        guard index >= 1 else {
            throw Invalid(description: "--shard \(argument): shards are counted from 1, so K goes from 1 to \(count)")
        }
        guard index <= count else {
            let shards = count == 1 ? "is only 1 shard, so K must be 1" : "are only \(count) shards, so K goes from 1 to \(count)"
            throw Invalid(description: "--shard \(argument): there \(shards)")
        }
        self.init(index: index - 1, count: count)
    }
}
