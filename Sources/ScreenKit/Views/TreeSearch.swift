/// Questions about trees of views or controllers that must cost little however deep a
/// script makes them.
enum TreeSearch {
    /// Whether `node` is `root` or lies inside it, for trees given by `parent` and `children`.
    ///
    /// Walks up from `node` and down through `root`'s subtree in turns, one step each, and
    /// stops as soon as either walk ends or finds the other: adding a new leaf to the deepest
    /// view of a long chain, or the whole chain to a new root, takes a step or two however
    /// long the chain is. Iterative, so no depth can overflow the stack.
    static func isNode<Node: AnyObject>(
        _ node: Node, inside root: Node, parent: (Node) -> Node?, children: (Node) -> [Node]
    ) -> Bool {
        var ancestor: Node? = node
        // The walk down: each frame is a node and the index of its next child to visit.
        var frames: [(node: Node, next: Int)] = [(root, 0)]
        while true {
            guard let current = ancestor else { return false }
            if current === root { return true }
            ancestor = parent(current)

            var advanced = false
            while !advanced, let frame = frames.last {
                let list = children(frame.node)
                if frame.next < list.count {
                    frames[frames.count - 1].next += 1
                    let child = list[frame.next]
                    if child === node { return true }
                    frames.append((child, 0))
                    advanced = true
                } else {
                    frames.removeLast()
                }
            }
            if !advanced { return false }
        }
    }
}
