import type { SeedBlogPost } from './catalogue-types';

export const seedBlogPosts: SeedBlogPost[] = [
  {
    id: 'si-te-zgjidhni-telefonin-e-duhur',
    title: 'Si të zgjidhni telefonin e duhur',
    date: '2026-09-18',
    excerpt:
      'Buxheti, bateria, kamera apo ekosistemi? Një udhëzues i shkurtër që ju ndihmon të zgjidhni telefonin që ju shërben vërtet për vitet në vazhdim.',
    image: '/images/blog/si-te-zgjidhni-telefonin-e-duhur.svg',
    content: [
      '<p>Tregu i telefonave sot ofron më shumë zgjedhje se kurrë: nga modelet e linjës së mesme nën 300 € deri te telefonat e palosshëm që kushtojnë sa një laptop. Para se të vendosni, ia vlen të mendoni se si e përdorni telefonin çdo ditë.</p>',
      '<h2>Përcaktoni buxhetin</h2>',
      '<p>Vendosni një kufi të qartë çmimi dhe qëndroni afër tij. Në brezin 300–450 € gjeni telefona si Samsung Galaxy A ose Redmi Note, me ekran të madh dhe bateri që zgjat gjithë ditën. Mbi 800 € fillojnë modelet kryesore, me kamerat më të mira dhe procesorët më të shpejtë.</p>',
      '<h2>Çfarë ka vërtet rëndësi</h2>',
      '<p>Specifikimet në letër mund të ngatërrojnë. Këto janë pikat që ndihen më shumë në përdorimin e përditshëm:</p>',
      '<ul>',
      '<li><strong>Bateria:</strong> kërkoni të paktën 4500 mAh dhe karikim të shpejtë.</li>',
      '<li><strong>Ekrani:</strong> një panel OLED me 120 Hz e bën lëvizjen më të butë dhe leximin më të lehtë në diell.</li>',
      '<li><strong>Memoria:</strong> 128 GB mjaftojnë për shumicën; nëse xhironi shumë video, zgjidhni 256 GB.</li>',
      '<li><strong>Përditësimet:</strong> Apple, Samsung dhe Google premtojnë deri në 7 vjet përditësime, gjë që e zgjat jetën e telefonit.</li>',
      '</ul>',
      '<h2>iPhone apo Android?</h2>',
      '<p>Nëse tashmë përdorni Mac, iPad ose Apple Watch, iPhone-i lidhet natyrshëm me to. Android ofron më shumë modele e çmime, si dhe më shumë liri për ta përshtatur telefonin sipas dëshirës. Të dyja platformat janë të sigurta kur mbahen të përditësuara.</p>',
      '<p>Para blerjes, ejani në dyqan dhe provojini telefonat në dorë: madhësia dhe pesha ndihen ndryshe nga sa duken në foto. Çdo telefon i ri vjen me <strong>garanci 12-mujore</strong>, dhe stafi ynë ju ndihmon falas me transferimin e të dhënave nga telefoni i vjetër.</p>',
    ].join(''),
  },
  {
    id: 'kujdesi-per-bateri',
    title: 'Kujdesi për baterinë: si ta zgjatni jetën e saj',
    date: '2026-10-30',
    excerpt:
      'Nxehtësia, karikimi gjatë natës dhe karikuesit e pacertifikuar e lodhin baterinë para kohe. Disa zakone të thjeshta e mbajnë të shëndetshme për vite.',
    image: '/images/blog/kujdesi-per-bateri.svg',
    content: [
      '<p>Bateria është pjesa e telefonit që konsumohet më shpejt. Bateritë litium-jon humbin gradualisht kapacitet me çdo cikël karikimi, por me disa zakone të thjeshta mund ta ruani shëndetin e tyre për shumë vite.</p>',
      '<h2>Shmangni nxehtësinë</h2>',
      '<p>Temperaturat e larta janë armiku më i madh i baterisë. Mos e lini telefonin në diell brenda makinës dhe mos luani lojëra të rënda ndërsa karikohet. Nëse telefoni nxehet shumë gjatë karikimit, hiqeni mbrojtësen.</p>',
      '<h2>Karikoni me mençuri</h2>',
      '<ul>',
      '<li>Mbajeni nivelin e baterisë mes 20% dhe 80% sa herë që është e mundur.</li>',
      '<li>Aktivizoni karikimin e optimizuar (iPhone) ose mbrojtjen e baterisë (Samsung), që e ndalin karikimin në 80% gjatë natës.</li>',
      '<li>Përdorni karikues dhe kabllo të certifikuara; karikuesit e lirë pa certifikim mund të dëmtojnë baterinë dhe portën.</li>',
      '<li>Mos e lini telefonin të fiket shpesh nga bateria e shkarkuar plotësisht.</li>',
      '</ul>',
      '<p>Karikimi i shpejtë është i sigurt për telefonat e sotëm, sepse sistemi e rregullon fuqinë sipas temperaturës. Megjithatë, nëse nuk nxitoni, një karikues më i ngadaltë gjatë natës e lodh më pak baterinë.</p>',
      '<h2>Kur duhet ndërruar bateria?</h2>',
      '<p>Shëndetin e baterisë e gjeni te <strong>Cilësimet</strong>, në seksionin Bateria. Kur kapaciteti bie nën 80% ose telefoni fiket papritur, është koha për një bateri të re.</p>',
      '<p>Në servisin tonë, ndërrimi i baterisë për shumicën e modeleve bëhet brenda ditës, me pjesë cilësore dhe <strong>garanci 6-mujore</strong>. Na kontaktoni për çmimin e modelit tuaj.</p>',
    ].join(''),
  },
];
