// Panda's recommended Vite integration: the PostCSS plugin expands `@layer` rules in src/index.css with
// the classes it extracts from the sources listed in panda.config.ts.
module.exports = {
  plugins: {
    '@pandacss/dev/postcss': {},
  },
}
