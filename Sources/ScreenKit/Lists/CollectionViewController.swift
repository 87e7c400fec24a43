/// A controller whose view is a collection view it is the data source and delegate of
/// (`UICollectionViewController`).
///
/// Override the data source methods (``numberOfSections(in:)``,
/// ``collectionView(_:numberOfItemsInSection:)``, ``collectionView(_:cellForItemAt:)``) and the
/// delegate methods it needs; to give each item its own size, conform the subclass to
/// ``CollectionViewDelegateFlowLayout`` as well.
///
/// ```swift
/// final class Videos: CollectionViewController {
///     override func viewDidLoad() {
///         collectionView.register("Video") { VideoCell() }
///     }
///     override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
///         items.count
///     }
///     override func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
///         try? collectionView.dequeueCell(withIdentifier: "Video", for: indexPath)
///     }
/// }
/// ```
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
    /// The collection view, made with the layout the controller was given; it is the view.
    public let collectionView: CollectionView

    /// Whether the selection is cleared each time the view is about to appear (true).
    public var clearsSelectionOnViewWillAppear = true

    public init(layout: CollectionViewLayout = FlowLayout()) {
        collectionView = CollectionView(frame: ViewController.defaultFrame, layout: layout)
        super.init()
        feedCollectionView()
    }

    /// A controller of `collectionView`, which becomes its view (a subclass of
    /// ``CollectionView`` the controller's own class makes). Both initializers are
    /// designated, so that a subclass may call either.
    public init(collectionView: CollectionView) {
        self.collectionView = collectionView
        super.init()
        feedCollectionView()
    }

    /// Makes the controller the data source and delegate of its view, which follows its size.
    private func feedCollectionView() {
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.dataSource = self
        collectionView.delegate = self
    }

    public convenience override init() {
        self.init(layout: FlowLayout())
    }

    open override func loadView() {
        view = collectionView
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard clearsSelectionOnViewWillAppear else { return }
        for indexPath in collectionView.indexPathsForSelectedItems { collectionView.deselectItem(at: indexPath) }
    }

    // MARK: - Data source

    open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

    open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// The default has no cell to give (an empty cell is shown): a subclass that has items
    /// overrides it.
    open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
        nil
    }

    open func collectionView(
        _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionReusableView? {
        nil
    }

    open func collectionView(_ collectionView: CollectionView, refusedAnswer error: ListError) {}

    // MARK: - Delegate

    open func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }
    open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
    open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
    open func scrollViewDidScroll(_ scrollView: ScrollView) {}
}
