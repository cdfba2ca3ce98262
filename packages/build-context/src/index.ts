/** @enginekit/build-context: .engineignore matcher, build-context tar packer and POST /build uploader. */
export {};
