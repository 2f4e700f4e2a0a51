// CI=true makes Ink render only the last frame (design.md, trap 1); tests
// that spawn children remove it there too.
delete process.env.CI;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
