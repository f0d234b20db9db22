import type { Catalogue } from './catalogue.js';
import zh_TW from './zh_TW.js';

/**
 * Traditional Chinese (Hong Kong): the Taiwan catalogue with Hong Kong usage (網絡, 重新載入, 用戶,
 * 組件, 隊列, 點擊…) (machine-drafted from en_US; see the notes for translators in `en_US.ts`).
 */
const catalogue: Catalogue = {
  ...zh_TW,
  locale: 'zh-HK',
  message: { ...zh_TW.message, copyCode: '複製代碼', feedbackReasonSend: '提交意見' },
  errors: {
    ...zh_TW.errors,
    connectionLost: '連線中斷。請檢查網絡後再試一次。',
    codes: {
      ...zh_TW.errors.codes,
      bad_json: '無法讀取要求。請重新載入頁面後再試一次。',
      invalid_cursor: '無法從中斷處載入對話。請重新載入頁面。',
      invalid_body: '要求無效。請重新載入頁面後再試一次。',
      invalid_messages: '訊息無法照原樣傳送。請重新載入頁面後再試一次。',
      unsupported_media_type: '要求無效。請重新載入頁面後再試一次。',
      cross_site_request: '這個頁面不能向代理伺服器傳送要求。',
    },
  },
  queue: {
    ...zh_TW.queue,
    list: '隊列中的訊息',
    queueSend: '加入隊列',
    item: '隊列訊息 {position} / {count}',
    edit: '編輯隊列訊息',
    editLabel: '隊列訊息內容',
    remove: '移出隊列',
    queued: '{count, plural, =0 {隊列已清空。} other {已將 # 則訊息加入隊列。}}',
    paused: '隊列已暫停。點擊「立即傳送」繼續。',
    pausedFailed: '隊列已暫停：回覆失敗。點擊「立即傳送」繼續。',
    pausedStopped: '隊列已暫停：回覆已停止。點擊「立即傳送」繼續。',
    pausedRestored: '隊列已暫停：這些訊息是頁面重新載入前留下的。點擊「立即傳送」繼續。',
  },
  timeline: {
    ...zh_TW.timeline,
    source: { ...zh_TW.timeline.source, function: '函數', 'sub-agent': '子代理', client: '客戶端' },
    subAgent: '子代理 {agentId}，{steps, plural, other {# 步}}',
    showSubRun: '顯示子代理的執行',
    hideSubRun: '隱藏子代理的執行',
  },
  a2ui: {
    ...zh_TW.a2ui,
    surface: '來自代理的互動表格',
    unsupported: '不支援的組件：{type}',
    missing: '缺少組件：{id}',
    cycle: '組件包含自身：{id}',
    tooDeep: '嵌套層級過深，無法顯示',
    tooMany: '組件過多，無法顯示',
    building: '正在準備表格…',
    failed: '無法顯示這個表格。',
  },
  mcpApp: { ...zh_TW.mcpApp, callToolRejected: '用戶拒絕了這次工具呼叫。' },
  inspector: { ...zh_TW.inspector, title: '代理檢查器' },
};

export default catalogue;
