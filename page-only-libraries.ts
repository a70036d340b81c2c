// The libraries only some pages use (charts, calendar, phone metadata, QR codes, drag and drop, holidays,
// SMS segment counting): each keeps its own chunk, loaded with the pages that use them. Read by
// vite.config.ts (what the shared app chunk must not take or reach) and by the code-splitting test.
export const PAGE_ONLY_LIBRARIES =
  /[\\/]node_modules[\\/](echarts|zrender|echarts-for-react|@fullcalendar|libphonenumber-js|qrcode|qr-scanner|@dnd-kit|date-holidays|date-holidays-parser|sms-segments-calculator|grapheme-splitter)[\\/]/
