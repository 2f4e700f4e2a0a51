// Ink imports react-devtools-core only when DEV=true; the bundle never needs it.
export default { initialize() {}, connectToDevTools() {} };
