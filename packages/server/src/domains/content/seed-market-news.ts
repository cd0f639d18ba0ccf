import { html, type SeedArticle } from './seed-articles.ts';

/** General market commentary and education: no claims about any company's or bank's actual decisions. */
export const WEEK_AHEAD: SeedArticle = {
  key: 'week-ahead-central-banks',
  categoryId: 1,
  pinned: 0,
  daysAgo: 1,
  cover: { colours: ['#0f4c81', '#23a6d5'], bars: [0.3, 0.5, 0.4, 0.7, 0.6, 0.9] },
  texts: {
    en: {
      title: 'Week ahead: central bank meetings in focus',
      desc: 'Interest rate decisions and inflation data may move currency pairs this week.',
      content: html(
        'Markets are watching several central bank meetings and the latest inflation figures. Decisions that differ from expectations often lead to sharp moves in the major currency pairs.',
        'Consider reviewing open positions and margin levels before the announcements.',
      ),
    },
    hk: {
      title: '一週前瞻：央行議息會議成焦點',
      desc: '本週的利率決議及通脹數據或會牽動貨幣對走勢。',
      content: html(
        '市場正關注多個央行議息會議及最新通脹數據。與預期不符的決定往往令主要貨幣對大幅波動。',
        '建議在公布前檢視持倉及保證金水平。',
      ),
    },
    jp: {
      title: '今週の焦点：各国中央銀行の会合',
      desc: '今週は金利決定とインフレ指標が通貨ペアを動かす可能性があります。',
      content: html(
        '市場は複数の中央銀行会合と最新のインフレ指標に注目しています。予想と異なる決定は、主要通貨ペアの急変動につながることがよくあります。',
        '発表前に保有ポジションと証拠金水準を確認しておくことをおすすめします。',
      ),
    },
    kr: {
      title: '주간 전망: 중앙은행 회의에 주목',
      desc: '이번 주 금리 결정과 물가 지표가 통화쌍을 움직일 수 있습니다.',
      content: html(
        '시장은 여러 중앙은행 회의와 최신 물가 지표에 주목하고 있습니다. 예상과 다른 결정은 주요 통화쌍의 급격한 움직임으로 이어지는 경우가 많습니다.',
        '발표 전에 보유 포지션과 증거금 수준을 점검해 보세요.',
      ),
    },
    th: {
      title: 'มองสัปดาห์หน้า: จับตาการประชุมธนาคารกลาง',
      desc: 'การตัดสินใจเรื่องอัตราดอกเบี้ยและข้อมูลเงินเฟ้ออาจทำให้คู่สกุลเงินเคลื่อนไหวในสัปดาห์นี้',
      content: html(
        'ตลาดกำลังจับตาการประชุมของธนาคารกลางหลายแห่งและตัวเลขเงินเฟ้อล่าสุด การตัดสินใจที่ต่างจากที่คาดมักทำให้คู่สกุลเงินหลักเคลื่อนไหวอย่างรุนแรง',
        'ควรทบทวนสถานะที่เปิดอยู่และระดับมาร์จิ้นก่อนการประกาศ',
      ),
    },
    vn: {
      title: 'Tuần tới: tâm điểm các cuộc họp ngân hàng trung ương',
      desc: 'Quyết định lãi suất và số liệu lạm phát có thể làm biến động các cặp tiền tuần này.',
      content: html(
        'Thị trường đang theo dõi nhiều cuộc họp ngân hàng trung ương và số liệu lạm phát mới nhất. Những quyết định khác với kỳ vọng thường khiến các cặp tiền chính biến động mạnh.',
        'Hãy cân nhắc xem lại các vị thế đang mở và mức ký quỹ trước khi công bố.',
      ),
    },
    fr: {
      title: 'La semaine à venir : les banques centrales au premier plan',
      desc: 'Les décisions de taux et les chiffres de l’inflation pourraient faire bouger les paires de devises.',
      content: html(
        'Les marchés suivent plusieurs réunions de banques centrales et les derniers chiffres de l’inflation. Une décision différente des attentes entraîne souvent de fortes variations sur les principales paires de devises.',
        'Pensez à revoir vos positions ouvertes et votre niveau de marge avant les annonces.',
      ),
    },
    de: {
      title: 'Wochenausblick: Zentralbanksitzungen im Fokus',
      desc: 'Zinsentscheidungen und Inflationsdaten könnten Währungspaare in dieser Woche bewegen.',
      content: html(
        'Die Märkte blicken auf mehrere Zentralbanksitzungen und die jüngsten Inflationszahlen. Entscheidungen, die von den Erwartungen abweichen, führen oft zu kräftigen Bewegungen bei den wichtigsten Währungspaaren.',
        'Prüfen Sie vor den Bekanntgaben Ihre offenen Positionen und Ihr Margin-Niveau.',
      ),
    },
    ru: {
      title: 'Неделя впереди: в центре внимания заседания центробанков',
      desc: 'Решения по ставкам и данные по инфляции могут двигать валютные пары на этой неделе.',
      content: html(
        'Рынки следят за заседаниями нескольких центральных банков и свежими данными по инфляции. Решения, расходящиеся с ожиданиями, часто вызывают резкие движения основных валютных пар.',
        'Перед публикациями имеет смысл проверить открытые позиции и уровень маржи.',
      ),
    },
    spa: {
      title: 'La semana que viene: los bancos centrales, en el foco',
      desc: 'Las decisiones sobre tipos y los datos de inflación podrían mover los pares de divisas esta semana.',
      content: html(
        'Los mercados siguen varias reuniones de bancos centrales y los últimos datos de inflación. Las decisiones distintas de lo esperado suelen provocar movimientos bruscos en los principales pares de divisas.',
        'Conviene revisar las posiciones abiertas y el nivel de margen antes de los anuncios.',
      ),
    },
    pt: {
      title: 'Semana em foco: reuniões dos bancos centrais',
      desc: 'Decisões de juros e dados de inflação podem mexer com os pares de moedas esta semana.',
      content: html(
        'Os mercados acompanham várias reuniões de bancos centrais e os dados de inflação mais recentes. Decisões diferentes do esperado costumam provocar movimentos bruscos nos principais pares de moedas.',
        'Considere rever as posições abertas e o nível de margem antes dos anúncios.',
      ),
    },
    ar: {
      title: 'الأسبوع المقبل: اجتماعات البنوك المركزية في دائرة الضوء',
      desc: 'قد تحرّك قرارات أسعار الفائدة وبيانات التضخم أزواج العملات هذا الأسبوع.',
      content: html(
        'تترقب الأسواق اجتماعات عدة بنوك مركزية وأحدث أرقام التضخم. وغالبًا ما تؤدي القرارات المخالفة للتوقعات إلى تحركات حادة في أزواج العملات الرئيسية.',
        'يُستحسن مراجعة المراكز المفتوحة ومستوى الهامش قبل الإعلانات.',
      ),
    },
    it: {
      title: 'La settimana in arrivo: riflettori sulle banche centrali',
      desc: 'Le decisioni sui tassi e i dati sull’inflazione potrebbero muovere le coppie di valute questa settimana.',
      content: html(
        'I mercati osservano diverse riunioni di banche centrali e gli ultimi dati sull’inflazione. Decisioni diverse dalle attese portano spesso a movimenti bruschi nelle principali coppie di valute.',
        'Valuta di rivedere le posizioni aperte e il livello di margine prima degli annunci.',
      ),
    },
    tr: {
      title: 'Haftaya bakış: merkez bankası toplantıları odakta',
      desc: 'Faiz kararları ve enflasyon verileri bu hafta döviz çiftlerini hareketlendirebilir.',
      content: html(
        'Piyasalar birkaç merkez bankası toplantısını ve son enflasyon verilerini izliyor. Beklentilerden farklı kararlar genellikle ana döviz çiftlerinde sert hareketlere yol açar.',
        'Açıklamalardan önce açık pozisyonlarınızı ve teminat seviyenizi gözden geçirmeyi düşünün.',
      ),
    },
    id: {
      title: 'Pekan depan: rapat bank sentral jadi sorotan',
      desc: 'Keputusan suku bunga dan data inflasi dapat menggerakkan pasangan mata uang pekan ini.',
      content: html(
        'Pasar mencermati sejumlah rapat bank sentral dan data inflasi terbaru. Keputusan yang berbeda dari perkiraan sering memicu pergerakan tajam pada pasangan mata uang utama.',
        'Pertimbangkan untuk meninjau posisi terbuka dan tingkat margin sebelum pengumuman.',
      ),
    },
  },
};

export const LEVERAGE_EXPLAINED: SeedArticle = {
  key: 'leverage-and-margin',
  categoryId: 1,
  pinned: 0,
  daysAgo: 4,
  cover: { colours: ['#e65100', '#ffb300'], bars: [0.15, 0.3, 0.45, 0.6, 0.75, 0.9] },
  texts: {
    en: {
      title: 'Leverage and margin explained',
      desc: 'Leverage magnifies both gains and losses; margin is what keeps a position open.',
      content: html(
        'With leverage, a small deposit controls a larger position. At 1:100, a margin of 100 USD opens a position worth 10,000 USD.',
        'If losses reduce your equity below the required margin, positions may be closed automatically. Lower leverage and stop-loss orders help manage the risk.',
      ),
    },
    hk: {
      title: '槓桿與保證金解說',
      desc: '槓桿會同時放大盈利與虧損；保證金是維持持倉的基礎。',
      content: html(
        '透過槓桿，少量資金即可控制較大的倉位。以 1:100 計算，100 美元保證金可開立價值 10,000 美元的倉位。',
        '若虧損令淨值低於所需保證金，倉位可能被自動平倉。較低的槓桿及止損單有助管理風險。',
      ),
    },
    jp: {
      title: 'レバレッジと証拠金の基本',
      desc: 'レバレッジは利益も損失も拡大します。証拠金はポジションを維持するためのものです。',
      content: html(
        'レバレッジを使うと、少ない資金で大きなポジションを持てます。1:100なら、100米ドルの証拠金で10,000米ドル相当のポジションを建てられます。',
        '損失で有効証拠金が必要証拠金を下回ると、ポジションが自動的に決済されることがあります。低めのレバレッジと損切り注文がリスク管理に役立ちます。',
      ),
    },
    kr: {
      title: '레버리지와 증거금 이해하기',
      desc: '레버리지는 이익과 손실을 모두 키우며, 증거금은 포지션을 유지하는 기반입니다.',
      content: html(
        '레버리지를 사용하면 적은 자금으로 더 큰 포지션을 운용할 수 있습니다. 1:100이라면 100달러의 증거금으로 10,000달러 규모의 포지션을 열 수 있습니다.',
        '손실로 평가자산이 필요 증거금 아래로 떨어지면 포지션이 자동으로 청산될 수 있습니다. 낮은 레버리지와 손절 주문이 위험 관리에 도움이 됩니다.',
      ),
    },
    th: {
      title: 'อธิบายเลเวอเรจและมาร์จิ้น',
      desc: 'เลเวอเรจขยายทั้งกำไรและขาดทุน ส่วนมาร์จิ้นคือสิ่งที่ทำให้สถานะยังเปิดอยู่',
      content: html(
        'ด้วยเลเวอเรจ เงินจำนวนน้อยสามารถควบคุมสถานะที่ใหญ่กว่าได้ ที่ 1:100 มาร์จิ้น 100 USD เปิดสถานะมูลค่า 10,000 USD ได้',
        'หากขาดทุนจนมูลค่าสุทธิต่ำกว่ามาร์จิ้นที่กำหนด สถานะอาจถูกปิดโดยอัตโนมัติ เลเวอเรจที่ต่ำลงและคำสั่งตัดขาดทุนช่วยจัดการความเสี่ยงได้',
      ),
    },
    vn: {
      title: 'Giải thích đòn bẩy và ký quỹ',
      desc: 'Đòn bẩy phóng đại cả lãi lẫn lỗ; ký quỹ là thứ giữ cho vị thế được mở.',
      content: html(
        'Với đòn bẩy, một khoản tiền nhỏ có thể kiểm soát vị thế lớn hơn. Ở mức 1:100, ký quỹ 100 USD mở được vị thế trị giá 10.000 USD.',
        'Nếu khoản lỗ làm vốn chủ sở hữu xuống dưới mức ký quỹ yêu cầu, vị thế có thể bị đóng tự động. Đòn bẩy thấp hơn và lệnh cắt lỗ giúp kiểm soát rủi ro.',
      ),
    },
    fr: {
      title: 'L’effet de levier et la marge expliqués',
      desc: 'Le levier amplifie les gains comme les pertes ; la marge permet de garder une position ouverte.',
      content: html(
        'Avec l’effet de levier, un petit dépôt contrôle une position plus importante. À 1:100, une marge de 100 USD ouvre une position de 10 000 USD.',
        'Si les pertes font passer vos fonds propres sous la marge requise, les positions peuvent être clôturées automatiquement. Un levier plus faible et des ordres stop-loss aident à gérer le risque.',
      ),
    },
    de: {
      title: 'Hebel und Margin einfach erklärt',
      desc: 'Der Hebel vergrößert Gewinne und Verluste; die Margin hält eine Position offen.',
      content: html(
        'Mit Hebel steuert eine kleine Einlage eine größere Position. Bei 1:100 eröffnet eine Margin von 100 USD eine Position im Wert von 10.000 USD.',
        'Sinkt Ihr Eigenkapital durch Verluste unter die erforderliche Margin, können Positionen automatisch geschlossen werden. Ein niedrigerer Hebel und Stop-Loss-Orders helfen, das Risiko zu begrenzen.',
      ),
    },
    ru: {
      title: 'Кредитное плечо и маржа: объясняем просто',
      desc: 'Плечо увеличивает и прибыль, и убытки; маржа удерживает позицию открытой.',
      content: html(
        'С кредитным плечом небольшой депозит управляет более крупной позицией. При 1:100 маржа 100 USD открывает позицию на 10 000 USD.',
        'Если убытки снижают средства ниже требуемой маржи, позиции могут быть закрыты автоматически. Меньшее плечо и стоп-лоссы помогают управлять риском.',
      ),
    },
    spa: {
      title: 'Apalancamiento y margen, explicados',
      desc: 'El apalancamiento amplifica ganancias y pérdidas; el margen mantiene abierta una posición.',
      content: html(
        'Con apalancamiento, un depósito pequeño controla una posición mayor. Con 1:100, un margen de 100 USD abre una posición de 10.000 USD.',
        'Si las pérdidas reducen su capital por debajo del margen requerido, las posiciones pueden cerrarse automáticamente. Un apalancamiento menor y las órdenes stop-loss ayudan a gestionar el riesgo.',
      ),
    },
    pt: {
      title: 'Alavancagem e margem explicadas',
      desc: 'A alavancagem amplia ganhos e perdas; a margem é o que mantém uma posição aberta.',
      content: html(
        'Com alavancagem, um pequeno depósito controla uma posição maior. Com 1:100, uma margem de 100 USD abre uma posição de 10.000 USD.',
        'Se as perdas reduzirem o seu capital abaixo da margem exigida, as posições podem ser fechadas automaticamente. Alavancagem mais baixa e ordens stop-loss ajudam a gerir o risco.',
      ),
    },
    ar: {
      title: 'شرح الرافعة المالية والهامش',
      desc: 'تضخّم الرافعة المالية الأرباح والخسائر معًا؛ والهامش هو ما يُبقي المركز مفتوحًا.',
      content: html(
        'بالرافعة المالية يتحكم إيداع صغير في مركز أكبر. عند 1:100 يفتح هامش قدره 100 دولار مركزًا بقيمة 10,000 دولار.',
        'إذا خفّضت الخسائر حقوق الملكية إلى ما دون الهامش المطلوب، فقد تُغلق المراكز تلقائيًا. تساعد الرافعة الأقل وأوامر وقف الخسارة على إدارة المخاطر.',
      ),
    },
    it: {
      title: 'Leva e margine spiegati',
      desc: 'La leva amplifica guadagni e perdite; il margine è ciò che tiene aperta una posizione.',
      content: html(
        'Con la leva, un piccolo deposito controlla una posizione più grande. Con 1:100, un margine di 100 USD apre una posizione da 10.000 USD.',
        'Se le perdite portano il capitale sotto il margine richiesto, le posizioni possono essere chiuse automaticamente. Una leva più bassa e gli ordini stop-loss aiutano a gestire il rischio.',
      ),
    },
    tr: {
      title: 'Kaldıraç ve teminat nedir?',
      desc: 'Kaldıraç kârı da zararı da büyütür; teminat pozisyonu açık tutan şeydir.',
      content: html(
        'Kaldıraçla küçük bir yatırım daha büyük bir pozisyonu yönetir. 1:100 oranında 100 USD teminat, 10.000 USD değerinde bir pozisyon açar.',
        'Zararlar özkaynağınızı gerekli teminatın altına düşürürse pozisyonlar otomatik olarak kapatılabilir. Daha düşük kaldıraç ve zarar durdur emirleri riski yönetmeye yardımcı olur.',
      ),
    },
    id: {
      title: 'Penjelasan leverage dan margin',
      desc: 'Leverage memperbesar keuntungan sekaligus kerugian; margin menjaga posisi tetap terbuka.',
      content: html(
        'Dengan leverage, setoran kecil dapat mengendalikan posisi yang lebih besar. Pada 1:100, margin 100 USD membuka posisi senilai 10.000 USD.',
        'Jika kerugian membuat ekuitas turun di bawah margin yang dibutuhkan, posisi dapat ditutup otomatis. Leverage lebih rendah dan order stop-loss membantu mengelola risiko.',
      ),
    },
  },
};

export const STOP_LOSS: SeedArticle = {
  key: 'volatile-markets-stop-loss',
  categoryId: 1,
  pinned: 0,
  daysAgo: 9,
  cover: { colours: ['#004d40', '#26a69a'], bars: [0.8, 0.4, 0.7, 0.3, 0.6, 0.5] },
  texts: {
    en: {
      title: 'Volatile markets: using stop-loss and take-profit',
      desc: 'Orders that close a position at a chosen price help limit risk.',
      content: html(
        'Cryptocurrencies and other volatile instruments can move several percent within minutes. A stop-loss closes a position when the price reaches a level you choose; a take-profit locks in gains.',
        'Set both when opening a position, and adjust them as the market moves.',
      ),
    },
    hk: {
      title: '波動市況：善用止損與止盈',
      desc: '在指定價格平倉的訂單有助限制風險。',
      content: html(
        '加密貨幣及其他高波動產品可在數分鐘內變動數個百分點。止損會在價格觸及您設定的水平時平倉；止盈則可鎖定利潤。',
        '開倉時同時設定兩者，並隨市況調整。',
      ),
    },
    jp: {
      title: '値動きの激しい相場：損切りと利確の活用',
      desc: '指定した価格でポジションを決済する注文がリスクを抑えます。',
      content: html(
        '暗号資産などの値動きの大きい銘柄は、数分で数パーセント動くことがあります。損切り注文は指定した価格に達すると決済し、利確注文は利益を確定します。',
        'ポジションを建てる際に両方を設定し、相場に応じて調整しましょう。',
      ),
    },
    kr: {
      title: '변동성 큰 시장: 손절과 익절 활용하기',
      desc: '정한 가격에 포지션을 청산하는 주문이 위험을 줄여 줍니다.',
      content: html(
        '암호화폐 등 변동성이 큰 종목은 몇 분 만에 몇 퍼센트씩 움직일 수 있습니다. 손절 주문은 가격이 정한 수준에 닿으면 포지션을 청산하고, 익절 주문은 이익을 확정합니다.',
        '포지션을 열 때 둘 다 설정하고 시장 움직임에 맞춰 조정하세요.',
      ),
    },
    th: {
      title: 'ตลาดผันผวน: ใช้คำสั่งตัดขาดทุนและทำกำไร',
      desc: 'คำสั่งที่ปิดสถานะที่ราคาที่เลือกไว้ช่วยจำกัดความเสี่ยง',
      content: html(
        'คริปโตเคอร์เรนซีและสินค้าที่ผันผวนอื่น ๆ อาจเคลื่อนไหวหลายเปอร์เซ็นต์ภายในไม่กี่นาที คำสั่งตัดขาดทุนจะปิดสถานะเมื่อราคาถึงระดับที่คุณเลือก ส่วนคำสั่งทำกำไรช่วยล็อกกำไร',
        'ตั้งทั้งสองอย่างเมื่อเปิดสถานะ และปรับตามการเคลื่อนไหวของตลาด',
      ),
    },
    vn: {
      title: 'Thị trường biến động: dùng cắt lỗ và chốt lời',
      desc: 'Lệnh đóng vị thế tại mức giá bạn chọn giúp hạn chế rủi ro.',
      content: html(
        'Tiền mã hóa và các sản phẩm biến động mạnh có thể thay đổi vài phần trăm chỉ trong vài phút. Lệnh cắt lỗ đóng vị thế khi giá chạm mức bạn chọn; lệnh chốt lời giữ lại phần lãi.',
        'Hãy đặt cả hai khi mở vị thế và điều chỉnh theo diễn biến thị trường.',
      ),
    },
    fr: {
      title: 'Marchés volatils : utiliser le stop-loss et le take-profit',
      desc: 'Des ordres qui clôturent une position au prix choisi aident à limiter le risque.',
      content: html(
        'Les cryptomonnaies et autres instruments volatils peuvent varier de plusieurs pour cent en quelques minutes. Un stop-loss clôture la position quand le prix atteint le niveau choisi ; un take-profit sécurise les gains.',
        'Fixez les deux à l’ouverture et ajustez-les selon l’évolution du marché.',
      ),
    },
    de: {
      title: 'Volatile Märkte: Stop-Loss und Take-Profit nutzen',
      desc: 'Orders, die eine Position zu einem gewählten Kurs schließen, begrenzen das Risiko.',
      content: html(
        'Kryptowährungen und andere volatile Instrumente können sich innerhalb von Minuten um mehrere Prozent bewegen. Ein Stop-Loss schließt die Position, wenn der Kurs ein gewähltes Niveau erreicht; ein Take-Profit sichert Gewinne.',
        'Setzen Sie beide beim Eröffnen einer Position und passen Sie sie an die Marktbewegung an.',
      ),
    },
    ru: {
      title: 'Волатильный рынок: используйте стоп-лосс и тейк-профит',
      desc: 'Ордера, закрывающие позицию по выбранной цене, помогают ограничить риск.',
      content: html(
        'Криптовалюты и другие волатильные инструменты могут изменяться на несколько процентов за считаные минуты. Стоп-лосс закрывает позицию при достижении выбранного уровня, тейк-профит фиксирует прибыль.',
        'Устанавливайте оба при открытии позиции и корректируйте их по мере движения рынка.',
      ),
    },
    spa: {
      title: 'Mercados volátiles: use stop-loss y take-profit',
      desc: 'Las órdenes que cierran una posición al precio elegido ayudan a limitar el riesgo.',
      content: html(
        'Las criptomonedas y otros instrumentos volátiles pueden moverse varios puntos porcentuales en minutos. Un stop-loss cierra la posición cuando el precio alcanza el nivel que elija; un take-profit asegura las ganancias.',
        'Fije ambos al abrir una posición y ajústelos según evolucione el mercado.',
      ),
    },
    pt: {
      title: 'Mercados voláteis: use stop-loss e take-profit',
      desc: 'Ordens que fecham uma posição ao preço escolhido ajudam a limitar o risco.',
      content: html(
        'As criptomoedas e outros instrumentos voláteis podem mover-se vários pontos percentuais em minutos. Um stop-loss fecha a posição quando o preço atinge o nível escolhido; um take-profit garante os ganhos.',
        'Defina ambos ao abrir uma posição e ajuste-os à medida que o mercado se move.',
      ),
    },
    ar: {
      title: 'الأسواق المتقلبة: استخدم وقف الخسارة وجني الأرباح',
      desc: 'تساعد الأوامر التي تغلق المركز عند سعر تختاره على الحد من المخاطر.',
      content: html(
        'قد تتحرك العملات المشفرة وغيرها من الأدوات المتقلبة عدة نقاط مئوية خلال دقائق. يغلق أمر وقف الخسارة المركز عندما يبلغ السعر المستوى الذي تختاره، ويثبّت أمر جني الأرباح مكاسبك.',
        'حدّد كليهما عند فتح المركز وعدّلهما مع تحرك السوق.',
      ),
    },
    it: {
      title: 'Mercati volatili: usare stop-loss e take-profit',
      desc: 'Gli ordini che chiudono una posizione al prezzo scelto aiutano a limitare il rischio.',
      content: html(
        'Le criptovalute e altri strumenti volatili possono muoversi di diversi punti percentuali in pochi minuti. Uno stop-loss chiude la posizione quando il prezzo raggiunge il livello scelto; un take-profit blocca i guadagni.',
        'Imposta entrambi all’apertura e adeguali all’andamento del mercato.',
      ),
    },
    tr: {
      title: 'Oynak piyasalar: zarar durdur ve kâr al kullanın',
      desc: 'Pozisyonu seçtiğiniz fiyattan kapatan emirler riski sınırlamaya yardımcı olur.',
      content: html(
        'Kripto paralar ve diğer oynak enstrümanlar dakikalar içinde yüzde birkaç hareket edebilir. Zarar durdur emri fiyat seçtiğiniz seviyeye ulaştığında pozisyonu kapatır; kâr al emri kazancı sabitler.',
        'Pozisyon açarken ikisini de belirleyin ve piyasa hareket ettikçe ayarlayın.',
      ),
    },
    id: {
      title: 'Pasar bergejolak: gunakan stop-loss dan take-profit',
      desc: 'Order yang menutup posisi pada harga pilihan Anda membantu membatasi risiko.',
      content: html(
        'Mata uang kripto dan instrumen bergejolak lainnya dapat bergerak beberapa persen dalam hitungan menit. Stop-loss menutup posisi saat harga mencapai level yang Anda pilih; take-profit mengunci keuntungan.',
        'Pasang keduanya saat membuka posisi dan sesuaikan seiring pergerakan pasar.',
      ),
    },
  },
};
