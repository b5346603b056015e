import type { Language } from "../languages.js";

/** One error the service can answer with: its HTTP status and what it says, in each language. */
export interface ErrorEntry {
  readonly status: number;
  readonly en: string;
  readonly "zh-HK": string;
}

/**
 * Every error code the server answers with, its HTTP status, and its text in English and
 * Traditional Chinese (Hong Kong) — the one place either is written. `{{name}}` placeholders are
 * filled from the error's details: the English names every detail a text may use (the Chinese
 * may leave out one meant for developers, such as a schema's English reason), and the
 * compiler checks that whoever raises a code passes them (`ErrorDetails`). The server raises
 * these with `fail(code, details)`; the web app shows the same texts for the same codes.
 */
export const ERROR_TABLE = {
  ALREADY_FINISHED: {
    status: 409,
    en: "This transcription has already finished.",
    "zh-HK": "這個轉錄已經完成。",
  },
  ALREADY_FREE: {
    status: 400,
    en: "You are already on the Free plan.",
    "zh-HK": "你已經在使用免費計劃。",
  },
  ALREADY_SUBSCRIBED: {
    status: 409,
    en: "You are already on this plan.",
    "zh-HK": "你已經在使用這個計劃。",
  },
  AMOUNT_MISMATCH: {
    status: 400,
    en: "The amount paid does not match the price. Nothing was granted; please contact support.",
    "zh-HK": "付款金額與價格不符，未有發放任何分鐘，請聯絡支援。",
  },
  ATTACHMENT_NOT_FOUND: {
    status: 404,
    en: "That transcription is not in your history. Pick one of your own.",
    "zh-HK": "你的記錄中沒有這個轉錄，請選擇你自己的轉錄。",
  },
  AUDIO_NOT_KEPT: {
    status: 404,
    en: "The audio of this transcription is no longer kept. Open your own copy of the file to play it.",
    "zh-HK": "這個轉錄的音訊已不再保留。請開啟你自己的檔案副本來播放。",
  },
  BAD_REQUEST: {
    status: 400,
    en: "The request could not be understood. Check what you sent and try again.",
    "zh-HK": "無法理解這個要求。請檢查你傳送的內容後再試。",
  },
  BASIC_PLAN_REQUIRED: {
    status: 403,
    en: "Only Basic plan subscribers can purchase additional minutes.",
    "zh-HK": "額外分鐘包只供 Basic 計劃用戶購買。",
  },
  BILINGUAL_NOT_POSSIBLE: {
    status: 400,
    en: "Bilingual subtitles need a plain transcription: not with a subtitle file, and not with translation alone.",
    "zh-HK": "雙語字幕只適用於一般轉錄：不能與字幕檔或單純翻譯一同使用。",
  },
  BODY_TOO_LARGE: {
    status: 413,
    en: "What was sent is too large.",
    "zh-HK": "傳送的內容太大。",
  },
  CANCELLED: {
    status: 409,
    en: "The transcription was cancelled.",
    "zh-HK": "轉錄已取消。",
  },
  CANTONESE_MODEL_NOT_READY: {
    status: 503,
    en: "The Cantonese model ({{model}}) is not ready on this server yet. Nothing was uploaded or charged: wait for it, or send the file again choosing to start now with Whisper (less accurate for Cantonese).",
    "zh-HK":
      "伺服器的粵語模型（{{model}}）尚未準備好。檔案未有上載，亦未有扣除任何分鐘：請稍候，或重新上載並選擇立即改用 Whisper（粵語準確度較低）。",
  },
  CHECKOUT_EXPIRED: {
    status: 410,
    en: "This checkout expired before it was paid. Nothing was charged; please start again.",
    "zh-HK": "這次結帳在付款前已過期，沒有收取任何費用，請重新開始。",
  },
  CHECKOUT_NOT_FOUND: {
    status: 404,
    en: "This payment session was not found.",
    "zh-HK": "找不到這個付款程序。",
  },
  CHUNK_COUNT_MISMATCH: {
    status: 400,
    en: "The upload's parts do not add up. Please upload the file again.",
    "zh-HK": "上載的分段數目不符，請重新上載檔案。",
  },
  CHUNK_INDEX_OUT_OF_RANGE: {
    status: 400,
    en: "A part of the upload was out of range. Please upload the file again.",
    "zh-HK": "上載的其中一段超出範圍，請重新上載檔案。",
  },
  CONFIRMATION_MISMATCH: {
    status: 400,
    en: "The e-mail address does not match your account.",
    "zh-HK": "電郵地址與你的帳戶不符。",
  },
  CROSS_SITE_REQUEST: {
    status: 403,
    en: "This request came from another website, so it was refused. Open Verbatim's own page and try again.",
    "zh-HK": "這個請求來自其他網站，因此已被拒絕。請打開 Verbatim 本身的頁面再試。",
  },
  DATABASE_BUSY: {
    status: 503,
    en: "The service is busy right now. Please try again in a moment.",
    "zh-HK": "服務目前繁忙，請稍後再試。",
  },
  DECODER_FAILED: {
    status: 500,
    en: "The media decoder stopped unexpectedly. This is a problem on our side, not with your file; please try again.",
    "zh-HK": "媒體解碼器意外停止。這是我們的問題，並非你的檔案有問題，請再試一次。",
  },
  DIARIZATION_MODEL_MISSING: {
    status: 503,
    en: "Telling speakers apart is not available: the speaker models are not installed on this server. Transcribe without speakers, or ask the administrator to install them. No minutes were charged.",
    "zh-HK":
      "未能分辨講者：此伺服器未安裝講者模型。請不分講者轉錄，或請管理員安裝模型。未扣除任何分鐘。",
  },
  EDIT_CONFLICT: {
    status: 409,
    en: "These subtitles were changed elsewhere (another tab or device) after you opened them.",
    "zh-HK": "你開啟這些字幕後，它們已在其他地方（另一個分頁或裝置）被修改。",
  },
  EMAIL_TAKEN: {
    status: 409,
    en: "Another account uses this e-mail address.",
    "zh-HK": "另一個帳戶已使用這個電郵地址。",
  },
  ENGINE_FAILED: {
    status: 500,
    en: "The speech engine failed on this file. Only audio already transcribed is charged (nothing if no text was shown); please try again.",
    "zh-HK":
      "語音引擎處理這個檔案時失敗。只會按已轉錄的音訊扣除分鐘（未顯示任何文字則不扣除），請再試一次。",
  },
  FFMPEG_MISSING: {
    status: 503,
    en: "The media tools are missing on the server. Please tell the administrator.",
    "zh-HK": "伺服器缺少媒體工具，請通知管理員。",
  },
  FIELD_TOO_LARGE: {
    status: 400,
    en: "A field of the form is too long.",
    "zh-HK": "表單中有欄位太長。",
  },
  FILE_OR_URL: {
    status: 400,
    en: "Send either a file or a link, not both.",
    "zh-HK": "請傳送檔案或連結其中之一，不要兩者同時傳送。",
  },
  FILE_REQUIRED: {
    status: 400,
    en: "No file was sent. Choose an audio or video file.",
    "zh-HK": "沒有收到檔案。請選擇音訊或影片檔案。",
  },
  FILE_TOO_LARGE: {
    status: 413,
    en: "File size exceeds {{limitMb}}MB limit. Please use a smaller file or compress your media.",
    "zh-HK": "檔案超過 {{limitMb}} MB 的上限。請使用較小的檔案或先壓縮媒體。",
  },
  FORBIDDEN: {
    status: 403,
    en: "You don't have permission to access the admin panel.",
    "zh-HK": "你沒有權限進入管理面板。",
  },
  ROLE_NOT_ALLOWED: {
    status: 403,
    en: "You can see this, but your role does not let you do that to this transcription or team. Ask its owner or a team admin.",
    "zh-HK":
      "你可以查看此項目，但你的角色不允許對這個轉錄或團隊進行此操作。請聯絡其擁有者或團隊管理員。",
  },
  FREE_PLAN_UPGRADE_REQUIRED: {
    status: 403,
    en: "You need to upgrade to a Basic plan before purchasing additional minutes.",
    "zh-HK": "購買額外分鐘前，請先升級至 Basic 計劃。",
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    en: "This request key was already used for a different request. Use a new key.",
    "zh-HK": "這個要求鍵已用於另一個不同的要求，請使用新的鍵。",
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    status: 409,
    en: "This request is still being taken in. Try again in a moment.",
    "zh-HK": "這個要求仍在接收中，請稍後再試。",
  },
  INPUT_CORRUPT: {
    status: 422,
    en: "The audio could not be decoded: the file may be damaged. Only audio already transcribed is charged (nothing if no text was shown).",
    "zh-HK": "無法解碼音訊，檔案可能已損壞。只會按已轉錄的音訊扣除分鐘（未顯示任何文字則不扣除）。",
  },
  INPUT_EMPTY: {
    status: 400,
    en: "The file is empty.",
    "zh-HK": "檔案是空的。",
  },
  INPUT_LONGER_THAN_DECLARED: {
    status: 402,
    en: "The file holds more audio than its header declared. Only the audio transcribed before this was found is charged; re-save the file with a tool that writes a correct header and upload it again.",
    "zh-HK":
      "檔案內的音訊比檔頭聲明的更長。只會按發現問題前已轉錄的音訊扣除分鐘；請用能寫入正確檔頭的工具重新儲存檔案後再上載。",
  },
  INPUT_NOT_FOUND: {
    status: 400,
    en: "The file could not be found.",
    "zh-HK": "找不到檔案。",
  },
  INPUT_NOT_MEDIA: {
    status: 415,
    en: "This file is not audio or video that can be read. It may be damaged or of another type.",
    "zh-HK": "這個檔案不是可讀取的音訊或影片，可能已損壞或屬其他類型。",
  },
  INPUT_NO_AUDIO: {
    status: 415,
    en: "This file has no sound track to transcribe.",
    "zh-HK": "這個檔案沒有可轉錄的聲軌。",
  },
  INPUT_ZERO_DURATION: {
    status: 422,
    en: "This file has no playable length.",
    "zh-HK": "這個檔案沒有可播放的長度。",
  },
  INSIGHTS_BUSY: {
    status: 429,
    en: "A question of yours is still being answered. Wait for its answer, then ask the next one.",
    "zh-HK": "你的上一個問題仍在回答中。請等它回答完，再問下一個。",
  },
  INSIGHTS_CHAPTERS_INVALID: {
    status: 400,
    en: "The chapters cannot be saved: {{reason}}.",
    "zh-HK": "無法儲存章節：第一章必須由 0:00 開始，章節須按時間排序，並在錄音長度之內。",
  },
  INSIGHTS_EMPTY_TRANSCRIPT: {
    status: 422,
    en: "The transcript has no text to summarise.",
    "zh-HK": "這份轉錄沒有可以摘要的文字。",
  },
  INSIGHTS_MODEL_FAILED: {
    status: 502,
    en: "The language model did not give a usable answer (it was too slow, could not be reached, or answered with invalid output). Nothing was charged; try again later.",
    "zh-HK":
      "語言模型未能給出可用的回答（太慢、無法連接，或回答格式無效）。沒有扣除任何分鐘，請稍後再試。",
  },
  INSIGHTS_MODEL_NOT_CONFIGURED: {
    status: 503,
    en: "Summaries and questions are not available yet: this server's language model is not set up, or is still downloading. Try again in a few minutes; nothing was charged.",
    "zh-HK":
      "暫時未能提供摘要和問答：此伺服器未設定語言模型，或模型仍在下載中。請過幾分鐘再試，沒有扣除任何分鐘。",
  },
  INSIGHTS_NOT_READY: {
    status: 404,
    en: "This transcription has no insights yet. Generate them first.",
    "zh-HK": "這個轉錄還沒有摘要。請先產生摘要。",
  },
  INSUFFICIENT_MINUTES: {
    status: 402,
    en: "This file needs {{neededMinutes}} minutes but you have {{availableMinutes}} left. Upgrade your plan, buy extra minutes or wait for your minutes to reset.",
    "zh-HK":
      "這個檔案需要 {{neededMinutes}} 分鐘，但你只剩 {{availableMinutes}} 分鐘。請升級計劃、購買額外分鐘，或等待分鐘重設。",
  },
  INSUFFICIENT_STORAGE: {
    status: 507,
    en: "The server is out of room for uploads right now. Please try again later.",
    "zh-HK": "伺服器目前沒有空間接收上載，請稍後再試。",
  },
  INTERNAL: {
    status: 500,
    en: "Something went wrong on our side. Please try again.",
    "zh-HK": "我們這邊出了問題，請再試一次。",
  },
  INVALID_CREDENTIALS: {
    status: 401,
    en: "Invalid email or password.",
    "zh-HK": "電郵或密碼不正確。",
  },
  INVALID_IDEMPOTENCY_KEY: {
    status: 400,
    en: "The request key must be 1 to 255 visible characters.",
    "zh-HK": "要求鍵必須是 1 至 255 個可見字元。",
  },
  INVALID_JSON: {
    status: 400,
    en: "The request body is not valid JSON. Please check what was sent and try again.",
    "zh-HK": "要求格式錯誤，請再試一次。",
  },
  INVALID_MINUTES: {
    status: 400,
    en: "Minutes to grant must be a whole number above 0.",
    "zh-HK": "要發放的分鐘數必須是大於 0 的整數。",
  },
  INVALID_MODEL: {
    status: 400,
    en: "That model is not offered here.",
    "zh-HK": "這裏沒有提供這個模型。",
  },
  INVALID_NAME: {
    status: 400,
    en: "Use a name of 1 to 100 characters.",
    "zh-HK": "名稱須為 1 至 100 個字元。",
  },
  INVALID_OPTIONS: {
    status: 400,
    en: "Some of the options are not valid.",
    "zh-HK": "部分選項無效。",
  },
  INVALID_PACK: {
    status: 400,
    en: "Invalid minutes pack size",
    "zh-HK": "沒有這個分鐘包。",
  },
  INVALID_PLAN: {
    status: 400,
    en: "Invalid subscription plan type",
    "zh-HK": "沒有這個計劃。",
  },
  INVALID_SIGNATURE: {
    status: 400,
    en: "The payment notification could not be verified.",
    "zh-HK": "無法驗證付款通知。",
  },
  INVALID_SPEAKERS: {
    status: 400,
    en: "Choose how many speakers: off, auto, a number from 1 to 10, or a range such as 2-4.",
    "zh-HK": "請選擇講者人數：關閉、自動、1 至 10 的數字，或範圍（例如 2-4）。",
  },
  INVALID_SUBTITLE_TIME: {
    status: 400,
    en: "A subtitle's time is not valid. Use the form 00:01:02,345 with the end after the start.",
    "zh-HK": "有字幕的時間無效。請使用 00:01:02,345 的格式，而結束時間須在開始時間之後。",
  },
  INVALID_TOKEN: {
    status: 400,
    en: "The link is invalid or has expired.",
    "zh-HK": "連結無效或已過期。",
  },
  LANGUAGE_NOT_SUPPORTED: {
    status: 400,
    en: "The model {{model}} does not transcribe this language ({{language}}). Models here that do: {{supportedBy}}.",
    "zh-HK":
      "模型 {{model}} 不能轉錄這種語言（{{language}}）。這裏可以轉錄它的模型：{{supportedBy}}。",
  },
  LIVE_SESSION_LIMIT: {
    status: 409,
    en: "You already have a live session running ({{limit}} at a time). Stop it before starting another.",
    "zh-HK":
      "你已經有一個直播字幕工作階段正在進行（每次最多 {{limit}} 個）。請先停止它，再開始另一個。",
  },
  LIVE_SESSION_ENDED: {
    status: 409,
    en: "This live session has already ended.",
    "zh-HK": "這個直播字幕工作階段已經結束。",
  },
  LIVE_FRAME_INVALID: {
    status: 400,
    en: "The audio sent was not 16-bit mono PCM at 16 kHz in frames of at most {{maxBytes}} bytes.",
    "zh-HK": "傳送的音訊不是 16 kHz 單聲道 16 位元 PCM，或每段超過 {{maxBytes}} 位元組。",
  },
  LIVE_TOO_FAST: {
    status: 400,
    en: "Audio arrived faster than it can be spoken. Send it as it is captured.",
    "zh-HK": "音訊傳送速度快過實際說話的速度。請在錄音時即時傳送。",
  },
  LIVE_IDLE: {
    status: 408,
    en: "No audio arrived for a while, so the live session was closed and what was captured was saved.",
    "zh-HK": "一段時間沒有收到音訊，直播字幕工作階段已關閉，已錄得的內容已儲存。",
  },
  LIVE_MINUTES_LOW: {
    status: 402,
    en: "About {{minutes}} minutes of live captions are left on your balance.",
    "zh-HK": "你的餘額只夠大約 {{minutes}} 分鐘的直播字幕。",
  },
  LIVE_MINUTES_USED_UP: {
    status: 402,
    en: "Your minutes ran out, so the live session stopped. What was captured has been saved.",
    "zh-HK": "你的分鐘已用完，直播字幕工作階段已停止。已錄得的內容已儲存。",
  },
  MISSING_CHUNKS: {
    status: 400,
    en: "Some parts of the upload have not arrived. Please upload the file again.",
    "zh-HK": "上載的部分內容未有送達，請重新上載檔案。",
  },
  MODEL_DOWNLOAD_FAILED: {
    status: 503,
    en: "The speech model could not be downloaded.",
    "zh-HK": "無法下載語音模型。",
  },
  MODEL_INVALID: {
    status: 503,
    en: "The speech model file on the server is damaged. Please tell the administrator.",
    "zh-HK": "伺服器上的語音模型檔案已損壞，請通知管理員。",
  },
  MODEL_NOT_FOUND: {
    status: 503,
    en: "That speech model is not installed on this server.",
    "zh-HK": "這部伺服器沒有安裝這個語音模型。",
  },
  MODEL_NOT_INSTALLED: {
    status: 503,
    en: "That speech model is not installed on this server yet. Please try the other model, or tell the administrator.",
    "zh-HK": "這部伺服器尚未安裝這個語音模型。請改用另一個模型，或通知管理員。",
  },
  MODEL_PREPARING: {
    status: 503,
    en: "The speech model is still being prepared on this server. Nothing was uploaded or charged; please try again in a few minutes.",
    "zh-HK": "伺服器仍在準備語音模型。檔案未有上載，亦未有扣除任何分鐘；請於幾分鐘後再試。",
  },
  MULTIPART_INVALID: {
    status: 400,
    en: "The upload was malformed. Please try again.",
    "zh-HK": "上載格式錯誤，請再試一次。",
  },
  MULTIPART_REQUIRED: {
    status: 415,
    en: "Send the file as a form upload (multipart/form-data).",
    "zh-HK": "請以表單上載（multipart/form-data）傳送檔案。",
  },
  NOT_COMPLETED: {
    status: 409,
    en: "The transcription has not finished yet.",
    "zh-HK": "轉錄尚未完成。",
  },
  NOT_FOUND: {
    status: 404,
    en: "Not found. It may have been deleted.",
    "zh-HK": "找不到內容，可能已被刪除。",
  },
  NO_SPEECH: {
    status: 400,
    en: "No speech was found in this clip. Choose a clip where the person speaks clearly.",
    "zh-HK": "此片段中找不到說話聲。請選擇一段講者清楚說話的片段。",
  },
  NO_SUBSCRIPTION: {
    status: 403,
    en: "You need an active subscription to purchase additional minutes.",
    "zh-HK": "你需要有效的訂閱才能購買額外分鐘。",
  },
  PACK_REFUNDED: {
    status: 409,
    en: "Extra minutes need a paid plan, and your account moved to the Free plan before this payment was confirmed, so the {{minutes}} minutes were not added. Your payment of {{amount}} has been refunded in full.",
    "zh-HK":
      "額外分鐘需要付費計劃，而你的帳戶在這次付款確認前已轉為免費計劃，所以 {{minutes}} 分鐘沒有加入。你支付的 {{amount}} 已全數退還。",
  },
  PASSWORD_BLANK: {
    status: 400,
    en: "The password cannot be blank or only spaces.",
    "zh-HK": "密碼不能留空或只有空格。",
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    en: "Password must be at least {{minLength}} characters.",
    "zh-HK": "密碼最少要有 {{minLength}} 個字元。",
  },
  PASSWORD_TOO_WEAK: {
    status: 400,
    en: "This password is too common or too easy to guess. Try a few unrelated words together.",
    "zh-HK": "這個密碼太常見或太容易猜到。試試把幾個無關的字詞組合起來。",
  },
  PAYMENTS_NOT_CONFIGURED: {
    status: 503,
    en: "Payments are not configured on this server, so plans and minute packs cannot be bought here yet. The administrator can turn them on (PAYMENT_PROVIDER).",
    "zh-HK":
      "此伺服器尚未設定付款，因此暫時不能在這裏購買計劃或分鐘套餐。管理員可以啟用付款（PAYMENT_PROVIDER）。",
  },
  PAYMENT_NOT_COMPLETED: {
    status: 402,
    en: "The payment has not been completed.",
    "zh-HK": "付款尚未完成。",
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    en: "The payment provider could not be reached. Please try again in a moment.",
    "zh-HK": "無法連接付款服務供應商，請稍後再試。",
  },
  PLAN_CHANGED_REFUNDED: {
    status: 409,
    en: "Your plan changed while this checkout was open (another payment or a plan change came first), so its price no longer applied and the {{plan}} plan was not started. Your payment of {{amount}} has been refunded in full; please choose your plan again.",
    "zh-HK":
      "這次結帳期間你的計劃已有改變（另一筆付款或計劃變更較早完成），價格因此不再適用，{{plan}} 計劃沒有開始。你支付的 {{amount}} 已全數退還，請重新選擇計劃。",
  },
  PURCHASE_MISMATCH: {
    status: 400,
    en: "Could not determine what was purchased. Nothing was granted; please contact support.",
    "zh-HK": "無法確定購買了甚麼，未有發放任何分鐘，請聯絡支援。",
  },
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    en: "The part of the audio asked for is past its end.",
    "zh-HK": "要求的音訊部分超出了檔案的結尾。",
  },
  RATE_LIMITED: {
    status: 429,
    en: "Too many attempts. Please wait a little and try again.",
    "zh-HK": "嘗試次數太多，請稍等一會再試。",
  },
  RENDER_NOT_READY: {
    status: 409,
    en: "The captioned video is not ready: it has not finished rendering.",
    "zh-HK": "附字幕的影片尚未完成製作。",
  },
  RETIME_TOO_COMPLEX: {
    status: 422,
    en: "Re-timing this script to the speech needed more than the {{heapMb}} MB of memory or {{seconds}} seconds allowed. Split the script and the media into parts, or keep the script's own timings.",
    "zh-HK":
      "把此稿件按語音重新對時所需的記憶體或時間超過上限（{{heapMb}} MB、{{seconds}} 秒）。請把稿件和媒體分成幾部分，或保留稿件原有的時間。",
  },
  TOO_MANY_INSIGHT_JOBS: {
    status: 429,
    en: "You already have {{activeJobs}} summaries being made. Wait for one to finish.",
    "zh-HK": "你已有 {{activeJobs}} 份摘要正在產生。請等其中一份完成。",
  },
  TOO_MANY_RENDERS: {
    status: 429,
    en: "You already have {{activeRenders}} captioned videos rendering. Wait for one to finish, or cancel one.",
    "zh-HK": "你已有 {{activeRenders}} 段附字幕的影片正在製作。請等其中一段完成，或取消一段。",
  },
  RENDER_VIDEO_NOT_VIDEO: {
    status: 415,
    en: "This file has no video picture to put the captions on. Send the video you transcribed.",
    "zh-HK": "這個檔案沒有可加上字幕的影片畫面。請傳送你轉錄的影片。",
  },
  RENDER_VIDEO_WRONG_LENGTH: {
    status: 422,
    en: "This video is {{videoSeconds}} seconds long but the transcription is {{transcriptionSeconds}} seconds: it is not the video that was transcribed. Send that video.",
    "zh-HK":
      "這段影片長 {{videoSeconds}} 秒，但轉錄長 {{transcriptionSeconds}} 秒，並非轉錄的那段影片。請傳送那段影片。",
  },
  TOO_MANY_TRANSLATIONS: {
    status: 429,
    en: "You already have {{activeTranslations}} translations under way. Wait for one to finish, or cancel one.",
    "zh-HK": "你已有 {{activeTranslations}} 個翻譯正在進行。請等其中一個完成，或取消一個。",
  },
  TRANSLATION_FAILED: {
    status: 500,
    en: "The translation could not be finished. The cues translated so far are kept (and only they are charged); please try again.",
    "zh-HK": "翻譯未能完成。已翻譯的字幕會保留（只按已翻譯的部分收費），請再試一次。",
  },
  TRANSLATION_CUE_TOO_LONG: {
    status: 422,
    en: "A subtitle is too long for the language model's context window. Split it in the editor, or use a model with a larger context (LLM_CONTEXT_SIZE).",
    "zh-HK":
      "有一句字幕太長，超出語言模型可處理的長度。請在編輯器把它分開，或改用可處理更長內容的模型（LLM_CONTEXT_SIZE）。",
  },
  TRANSLATION_MODEL_UNAVAILABLE: {
    status: 503,
    en: "The language model that translates is not available right now (not installed yet, or its server cannot be reached). Please try again later.",
    "zh-HK": "負責翻譯的語言模型暫時未能使用（尚未安裝，或未能連接其伺服器）。請稍後再試。",
  },
  TRANSLATION_NOT_FOUND: {
    status: 404,
    en: "This transcription has no translation into that language.",
    "zh-HK": "這個轉錄沒有該語言的翻譯。",
  },
  RENDER_FAILED: {
    status: 500,
    en: "The captioned video could not be rendered. This is a problem on our side, not with your file; please try again.",
    "zh-HK": "未能製作附字幕的影片。這是我們的問題，並非你的檔案有問題，請再試一次。",
  },
  REASON_REQUIRED: {
    status: 400,
    en: "Give a reason for the grant.",
    "zh-HK": "請填寫發放的原因。",
  },
  SAME_EMAIL: {
    status: 400,
    en: "This is already your e-mail address.",
    "zh-HK": "這已經是你的電郵地址。",
  },
  SHARE_COMMENTS_NOT_ALLOWED: {
    status: 403,
    en: "This link does not allow comments.",
    "zh-HK": "這個連結不允許留言。",
  },
  SHARE_DOWNLOAD_NOT_ALLOWED: {
    status: 403,
    en: "The owner has not allowed downloads from this link.",
    "zh-HK": "擁有者沒有允許從這個連結下載。",
  },
  SHARE_PASSWORD_REQUIRED: {
    status: 401,
    en: "This link is protected by a password. Enter it to open the transcript.",
    "zh-HK": "這個連結受密碼保護，請輸入密碼以開啟文字稿。",
  },
  SHARE_PASSWORD_WRONG: {
    status: 401,
    en: "That password is not right for this link.",
    "zh-HK": "這個連結的密碼不正確。",
  },
  SIZE_MISMATCH: {
    status: 400,
    en: "The upload's size does not match the file. Please upload it again.",
    "zh-HK": "上載的大小與檔案不符，請重新上載。",
  },
  SPEAKER_NOT_FOUND: {
    status: 404,
    en: "This speaker is not in the transcription.",
    "zh-HK": "此講者不在這個轉錄內。",
  },
  STORAGE_FULL: {
    status: 507,
    en: "The server's storage is full, so nothing could be saved. Nothing was changed; please try again later.",
    "zh-HK": "伺服器的儲存空間已滿，因此未能儲存任何內容，亦沒有作出任何更改。請稍後再試。",
  },
  STORAGE_UNAVAILABLE: {
    status: 503,
    en: "The server's file storage cannot be reached right now. Nothing was lost or charged; please try again in a few minutes.",
    "zh-HK":
      "伺服器暫時未能連接檔案儲存空間。沒有遺失任何內容，亦未有扣除任何分鐘；請於幾分鐘後再試。",
  },
  SUBSCRIPTION_CANCEL_FAILED: {
    status: 502,
    en: "We could not cancel your subscription with the payment provider, so your account was not deleted. Please try again.",
    "zh-HK": "我們未能向付款服務供應商取消你的訂閱，因此沒有刪除你的帳戶，請再試一次。",
  },
  SUBTITLES_LONGER_THAN_MEDIA: {
    status: 400,
    en: "This script holds {{tokens}} words, more than {{seconds}} seconds of speech can hold (at most {{maxTokens}}). Check that it belongs to this media, or split it.",
    "zh-HK":
      "此稿件有 {{tokens}} 個詞，多於 {{seconds}} 秒的語音所能容納（最多 {{maxTokens}} 個）。請確認稿件屬於這個媒體，或把它分拆。",
  },
  SUBTITLES_UNTIMED: {
    status: 400,
    en: "This script has no timings to keep. Choose “Re-time to the speech” (retime=true) to take them from the audio.",
    "zh-HK": "此稿件沒有可保留的時間。請選擇「按語音重新對時」（retime=true），以音訊為它定時。",
  },
  SUBTITLE_AFTER_MEDIA: {
    status: 400,
    en: "A subtitle is past the end of the media. Move it back within the media's length.",
    "zh-HK": "有字幕超出了媒體的結尾。請把它移回媒體長度之內。",
  },
  SUBTITLE_CUE_TOO_LONG: {
    status: 400,
    en: "Subtitle {{cue}} holds more than {{maxChars}} characters. Split it into shorter subtitles or paragraphs.",
    "zh-HK": "第 {{cue}} 句字幕超過 {{maxChars}} 個字元。請把它分成較短的字幕或段落。",
  },
  SUBTITLE_DOCUMENT_TOO_LARGE: {
    status: 413,
    en: "This Word document unpacks to more than {{limitMb}} MB. Save the script as plain text, or split it.",
    "zh-HK": "此 Word 文件解壓後超過 {{limitMb}} MB。請把稿件另存為純文字，或分拆成幾個檔案。",
  },
  CHECKS_TOO_COMPLEX: {
    status: 422,
    en: "Checking these subtitles needed more than the {{heapMb}} MB of memory or {{seconds}} seconds a check may use. Check a shorter transcription.",
    "zh-HK":
      "檢查這些字幕所需的記憶體或時間超過上限（{{heapMb}} MB、{{seconds}} 秒）。請檢查較短的轉錄。",
  },
  SUBTITLE_ENCODING_UNKNOWN: {
    status: 400,
    en: "The subtitle file's text could not be read. Save it as UTF-8 (or UTF-16, Big5 or GB18030) and try again.",
    "zh-HK": "無法讀取字幕檔的文字。請以 UTF-8（或 UTF-16、Big5、GB18030）另存後再試。",
  },
  SUBTITLE_FILE_EMPTY: {
    status: 400,
    en: "No subtitles with text were found in this file.",
    "zh-HK": "此檔案中找不到有文字的字幕。",
  },
  SUBTITLE_FILE_INVALID: {
    status: 400,
    en: "This subtitle file is damaged and could not be read. Export it again from the program that made it.",
    "zh-HK": "此字幕檔已損壞，無法讀取。請從製作它的程式重新匯出。",
  },
  SUBTITLE_FILE_TOO_COMPLEX: {
    status: 422,
    en: "Reading this subtitle file needed more than the {{heapMb}} MB of memory or {{seconds}} seconds an import may use. Save it as SRT or plain text, or split it.",
    "zh-HK":
      "讀取此字幕檔所需的記憶體或時間超過匯入的上限（{{heapMb}} MB、{{seconds}} 秒）。請另存為 SRT 或純文字，或把它分拆。",
  },
  SUBTITLE_FILE_TOO_LARGE: {
    status: 413,
    en: "The subtitle file is larger than 5 MB.",
    "zh-HK": "字幕檔大於 5 MB。",
  },
  SUBTITLE_FILE_TOO_LONG: {
    status: 413,
    en: "This file holds more than {{maxCues}} subtitles or {{maxChars}} characters. Split it and import each part with its own media.",
    "zh-HK":
      "此檔案的字幕多於 {{maxCues}} 句，或文字多於 {{maxChars}} 個字元。請分拆檔案，每部分配上各自的媒體匯入。",
  },
  SUBTITLE_TIME_UNREADABLE: {
    status: 400,
    en: "Line {{line}} of the subtitle file has a time that cannot be read: “{{timing}}”. Times are 0 or later, written like 00:01:02,345 --> 00:01:04,000.",
    "zh-HK":
      "字幕檔第 {{line}} 行的時間無法讀取：「{{timing}}」。時間須為 0 或以後，格式如 00:01:02,345 --> 00:01:04,000。",
  },
  TOO_MANY_API_KEYS: {
    status: 409,
    en: "You have the most API keys allowed. Revoke one you no longer use first.",
    "zh-HK": "你的 API 金鑰已達上限。請先撤銷一個不再使用的金鑰。",
  },
  TOO_MANY_COMMENTS: {
    status: 409,
    en: "This transcription already has {{max}} comments, the most it can hold. Ask the owner to delete some.",
    "zh-HK": "這個轉錄已有 {{max}} 則留言，已達上限。請要求擁有者刪除部分留言。",
  },
  TEAM_ALREADY_MEMBER: {
    status: 409,
    en: "That person is already in this team.",
    "zh-HK": "此人已是這個團隊的成員。",
  },
  TEAM_DELETE_UNCONFIRMED: {
    status: 409,
    en: "Deleting this team also deletes every transcription in it, for every member (transcriptions: {{transcriptionCount}}). Confirm with that number to delete it.",
    "zh-HK":
      "刪除這個團隊亦會為所有成員刪除團隊內的所有轉錄（共 {{transcriptionCount}} 個）。請以此數目確認刪除。",
  },
  TEAM_INVITATION_NOT_FOUND: {
    status: 404,
    en: "This invitation is not valid: it was used, withdrawn or has expired. Ask for a new one.",
    "zh-HK": "此邀請已無效：已被使用、撤回或已過期。請要求新的邀請。",
  },
  TEAM_INVITATION_OTHER_ADDRESS: {
    status: 403,
    en: "This invitation was sent to another e-mail address. Sign in with that address to accept it.",
    "zh-HK": "此邀請是寄給另一個電郵地址的。請以該地址登入後再接受。",
  },
  TEAM_LIMIT_REACHED: {
    status: 409,
    en: "The limit of {{limit}} is reached. Remove one before adding another.",
    "zh-HK": "已達 {{limit}} 的上限。請先移除一個再新增。",
  },
  TEAM_OWNER_CANNOT_LEAVE: {
    status: 403,
    en: "The owner cannot leave or be removed from the team. Delete the team instead.",
    "zh-HK": "擁有人不能離開或被移出團隊。請改為刪除團隊。",
  },
  TEAM_ROLE_NOT_ALLOWED: {
    status: 403,
    en: "Your role in this team cannot give that role or change this member.",
    "zh-HK": "你在這個團隊的角色不能給予該角色或更改這位成員。",
  },
  TRANSCRIPTION_IN_TEAM: {
    status: 409,
    en: "This transcription already belongs to a team.",
    "zh-HK": "這個轉錄已屬於一個團隊。",
  },
  TOO_MANY_FIELDS: {
    status: 400,
    en: "The form has too many fields.",
    "zh-HK": "表單欄位太多。",
  },
  TOO_MANY_FILES: {
    status: 400,
    en: "Send one file at a time.",
    "zh-HK": "請每次只傳送一個檔案。",
  },
  TOO_MANY_SHARE_LINKS: {
    status: 409,
    en: "This transcription already has {{max}} share links. Revoke one before making another.",
    "zh-HK": "這個轉錄已有 {{max}} 條分享連結。請先撤銷一條再建立新的。",
  },
  TOO_MANY_UPLOADS: {
    status: 429,
    en: "Your plan keeps {{openUploads}} unfinished uploads at a time. Finish or cancel one in progress, or wait a few minutes.",
    "zh-HK":
      "你的計劃同時最多保留 {{openUploads}} 個未完成的上載。請完成或取消進行中的上載，或稍等幾分鐘。",
  },
  TOO_MANY_WEBHOOKS: {
    status: 409,
    en: "An account may have at most {{max}} webhooks. Delete one first.",
    "zh-HK": "每個帳戶最多可有 {{max}} 個 Webhook。請先刪除一個。",
  },
  UNAUTHORIZED: {
    status: 401,
    en: "Please log in to continue.",
    "zh-HK": "請重新登入。",
  },
  UNEXPECTED_FILE: {
    status: 400,
    en: "The upload had a file in an unexpected field.",
    "zh-HK": "上載的檔案放在不正確的欄位。",
  },
  UNKNOWN_SPEAKER: {
    status: 400,
    en: "A subtitle names a speaker who is not in this transcription's list of speakers.",
    "zh-HK": "有字幕所屬的講者不在此轉錄的講者名單內。",
  },
  UNSUPPORTED_CONTENT_TYPE: {
    status: 415,
    en: "This kind of request is not accepted here. Send the file as a form upload.",
    "zh-HK": "這裏不接受這類要求。請以表單上載方式傳送檔案。",
  },
  UPLOAD_INCOMPLETE: {
    status: 400,
    en: "The upload was interrupted before it finished. Please try again.",
    "zh-HK": "上載在完成前中斷，請再試一次。",
  },
  UPLOAD_SESSION_BUSY: {
    status: 409,
    en: "This upload is being put together already.",
    "zh-HK": "這個上載已在合併中。",
  },
  UPLOAD_SESSION_NOT_FOUND: {
    status: 404,
    en: "This upload has expired. Please start it again.",
    "zh-HK": "這個上載已過期，請重新開始。",
  },
  URL_FETCH_FAILED: {
    status: 502,
    en: "The file could not be fetched from this address. Check the link and try again.",
    "zh-HK": "無法從這個網址取得檔案。請檢查連結後再試。",
  },
  URL_HOST_NOT_FOUND: {
    status: 400,
    en: "No server was found at this address.",
    "zh-HK": "找不到這個網址的伺服器。",
  },
  URL_INVALID: {
    status: 400,
    en: "This is not a valid web address.",
    "zh-HK": "這不是有效的網址。",
  },
  URL_NOT_ALLOWED: {
    status: 400,
    en: "This address cannot be fetched: only public http and https addresses are allowed.",
    "zh-HK": "無法讀取這個網址：只接受公開的 http 及 https 網址。",
  },
  URL_NOT_FOUND: {
    status: 400,
    en: "Nothing was found at this address. Check the link.",
    "zh-HK": "這個網址找不到任何內容。請檢查連結。",
  },
  URL_SITE_NOT_SUPPORTED: {
    status: 400,
    en: "Media cannot be taken from this page. Link to the audio or video file itself.",
    "zh-HK": "無法從這個網頁取得媒體。請直接連結到音訊或影片檔案。",
  },
  URL_TIMEOUT: {
    status: 504,
    en: "The address took too long to answer.",
    "zh-HK": "這個網址回應時間太長。",
  },
  URL_TOO_LARGE: {
    status: 413,
    en: "The file at this address is larger than {{limitMb}} MB.",
    "zh-HK": "這個網址的檔案超過 {{limitMb}} MB。",
  },
  URL_TOO_LONG: {
    status: 402,
    en: "The media at this address is about {{neededMinutes}} minutes long, but you have {{availableMinutes}} minutes left.",
    "zh-HK": "這個網址的媒體長約 {{neededMinutes}} 分鐘，但你只剩 {{availableMinutes}} 分鐘。",
  },
  URL_TOO_MANY_REDIRECTS: {
    status: 400,
    en: "The address redirects too many times.",
    "zh-HK": "這個網址轉址次數太多。",
  },
  USER_NOT_FOUND: {
    status: 404,
    en: "No such user.",
    "zh-HK": "沒有這個用戶。",
  },
  VOICE_AUDIO_NOT_KEPT: {
    status: 409,
    en: "The audio of this transcription is no longer kept, so a voice cannot be taken from it. Upload a clip of the speaker instead.",
    "zh-HK": "這個轉錄的音訊已不再保留，所以無法從中取得聲音。請改為上載一段該講者的錄音。",
  },
  VALIDATION_FAILED: {
    status: 400,
    en: "Invalid {{part}} ({{field}}): {{reason}}",
    "zh-HK": "傳送的部分內容無效（{{field}}）。請檢查後再試。",
  },
  VOICE_CLIP_TOO_LONG: {
    status: 400,
    en: "The clip is too long for a voice. Use a clip of at most {{maxSeconds}} seconds.",
    "zh-HK": "此片段太長，不能用作聲音。請使用最長 {{maxSeconds}} 秒的片段。",
  },
  VOICE_LIMIT: {
    status: 409,
    en: "You have saved the most voices an account can keep ({{limit}}). Delete one to save another.",
    "zh-HK": "你已儲存帳戶可保留的最多聲音（{{limit}} 個）。請先刪除一個再儲存。",
  },
  VOICE_NAME_TAKEN: {
    status: 409,
    en: "You already have a voice with this name. Choose another name.",
    "zh-HK": "你已有一個同名的聲音。請選擇另一個名稱。",
  },
  WRONG_PASSWORD: {
    status: 400,
    en: "The current password is not correct.",
    "zh-HK": "目前的密碼不正確。",
  },
  EXPORT_FONT_MISSING: {
    status: 503,
    en: "PDF downloads are not available on this server yet: its PDF font (Noto Sans CJK) is missing. Choose DOCX, or ask the administrator to install fonts-noto-cjk.",
    "zh-HK":
      "此伺服器暫時未能下載 PDF：缺少 PDF 所需的字型（Noto Sans CJK）。請選擇 DOCX，或請管理員安裝 fonts-noto-cjk。",
  },
  EXPORT_TEXT_UNSUPPORTED: {
    status: 422,
    en: "This format cannot hold some of the transcript's characters (EBU-STL takes Latin script only). Choose another format, such as TTML or SRT.",
    "zh-HK":
      "此格式無法容納文字稿中的部分字元（EBU-STL 只接受拉丁字母）。請選擇其他格式，例如 TTML 或 SRT。",
  },
  EXPORT_TOO_COMPLEX: {
    status: 422,
    en: "Writing this file needed more than the {{heapMb}} MB of memory or {{seconds}} seconds an export may use. Choose a lighter format (SRT, TXT or DOCX), or split the transcript.",
    "zh-HK":
      "製作此檔案所需的記憶體或時間超過匯出的上限（{{heapMb}} MB、{{seconds}} 秒）。請選擇較輕便的格式（SRT、TXT 或 DOCX），或把文字稿分拆。",
  },
  EXPORT_FAILED: {
    status: 500,
    en: "Writing this file failed on the server; nothing else was affected. Please try again, or choose another format.",
    "zh-HK": "伺服器製作此檔案時失敗，其他內容不受影響。請再試一次，或選擇其他格式。",
  },
  PLAN_ENDED: {
    status: 409,
    en: "This plan has already ended, so it cannot be resumed. Choose a plan on the pricing page.",
    "zh-HK": "這個計劃已經結束，無法恢復。請在價格頁面重新選擇計劃。",
  },
} as const satisfies Record<string, ErrorEntry>;

/** A code of the error table. */
export type ErrorCode = keyof typeof ERROR_TABLE;

type PlaceholdersOf<Text extends string> = Text extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** The placeholders of `Code`'s text: the details it cannot be said without. */
export type ErrorPlaceholders<Code extends ErrorCode> = PlaceholdersOf<
  (typeof ERROR_TABLE)[Code]["en"]
>;

/**
 * The details an error of `Code` must carry: a value for each placeholder of its English text,
 * and anything else a client may use (`param`, `id`, `retryAfterSeconds`…).
 */
export type ErrorDetails<Code extends ErrorCode> = {
  readonly [Name in ErrorPlaceholders<Code>]: string | number;
} & Readonly<Record<string, unknown>>;

/** The arguments after the code: the details, required when the text has placeholders. */
export type ErrorArgs<Code extends ErrorCode> = [ErrorPlaceholders<Code>] extends [never]
  ? [details?: ErrorDetails<Code>]
  : [details: ErrorDetails<Code>];

/** Whether `code` is one of the table's codes (a job's stored error code, a client's). */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_TABLE, code);
}

/** The HTTP status of an error code. */
export function errorStatus(code: ErrorCode): number {
  return ERROR_TABLE[code].status;
}

/** The text for `code` in `language`, or null when there is none or a detail it names is missing. */
export function errorTextFor(
  code: string,
  language: Language,
  details?: Readonly<Record<string, unknown>>,
): string | null {
  if (!isErrorCode(code)) return null;
  let missing = false;
  const text = ERROR_TABLE[code][language].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = details?.[name];
    if (value === undefined || value === null) missing = true;
    return String(value);
  });
  return missing ? null : text;
}
