// Renderers land here.
