/// What object IDs are made of: the store's UUID, which lasts with the file, and a tag
/// for this context, which tells its temporary IDs from those of any other context.
///
/// A saved object's ID is `luascreens://<store>/<Entity>/<key>`; an unsaved one's is
/// `luascreens://<store>/<Entity>/t<tag>-<n>`, `n` counting the context's objects.
struct StoreIdentity {
    static let scheme = "luascreens://"

    /// The store's UUID.
    let store: String
    /// Eight hex digits drawn when the context is made.
    let temporaryTag: String

    init(_ store: String) {
        self.store = store
        let tag = String(UInt32.random(in: .min ... .max), radix: 16)
        temporaryTag = String(repeating: "0", count: 8 - tag.count) + tag
    }

    /// `luascreens://<store>/<Entity>/`.
    func prefix(of entity: String) -> String {
        "\(Self.scheme)\(store)/\(entity)/"
    }

    /// The parts of an object ID, as ``prefix(of:)`` and the key or temporary tag make it.
    struct Parts: Equatable {
        enum Key: Equatable {
            case saved(Int64)
            case temporary(tag: String, sequence: Int64)
        }

        let store: String
        let entity: String
        let key: Key

        /// nil when `id` is not an object ID of any store.
        init?(_ id: String) {
            guard id.hasPrefix(StoreIdentity.scheme) else { return nil }
            let parts = id.dropFirst(StoreIdentity.scheme.count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, let key = Self.key(parts[2]) else { return nil }
            store = String(parts[0])
            entity = String(parts[1])
            self.key = key
        }

        private static func key(_ text: Substring) -> Key? {
            func number(_ digits: Substring) -> Int64? {
                guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
                return Int64(digits)
            }
            if let saved = number(text) { return .saved(saved) }
            guard text.first == "t", let dash = text.firstIndex(of: "-") else { return nil }
            let tag = text[text.index(after: text.startIndex)..<dash]
            guard tag.count == 8, tag.allSatisfy(\.isHexDigit), let sequence = number(text[text.index(after: dash)...]) else {
                return nil
            }
            return .temporary(tag: String(tag), sequence: sequence)
        }
    }
}
